import { z } from "../zod";
import { formatCentsPlain, formatQuantity, parseDollars, parseQuantity } from "../money/money";
import {
  centsField,
  DEPOSIT_MESSAGE,
  depositPercentField,
  MAX_DOLLARS_TEXT,
  parseDepositPercent,
  QUANTITY_MESSAGE,
  quantityNumberField,
} from "./amounts";
import { documentListFields } from "./document-lists";
import { personName, requiredText, staffText } from "./fields";
import { PRICE_ITEM_DESCRIPTION_MAX_LENGTH } from "./limits";
import { blankAsAbsent, idField, idFrom } from "./values";

/**
 * Estimates (docs/product.md#estimates). The JSON API takes whole cents and a quantity as a number
 * with up to two decimals (docs/decisions/020-money-and-payments.md); /admin/estimates/new posts
 * what the office types (dollars, "1.5"), which its schema reads with the money module's parsers
 * into the same input, so one service makes both. The customer's approval form has its own schema,
 * used by Conform in the browser and by the page's action.
 */

export const MAX_OPTIONS = 3;

export type EstimateStatusName = "draft" | "sent" | "approved" | "declined" | "void";

/** An estimate's status as staff read it (its page, the lists, a visit's documents). */
export const estimateStatusLabels: Record<EstimateStatusName, string> = {
  draft: "Draft",
  sent: "Sent",
  approved: "Approved",
  declined: "Declined",
  void: "Withdrawn",
};
export const MAX_ITEMS = 30;
const OPTION_NAME_MAX_LENGTH = 60;
/** The name of an estimate's only option when the office leaves it blank (a name is asked only of two or more). */
export const SINGLE_OPTION_NAME = "Proposed work";

const cents = centsField;
const quantity = quantityNumberField;

const description = staffText("Description", PRICE_ITEM_DESCRIPTION_MAX_LENGTH);

/** One line: from the price book (its name, price and taxable unless overridden), or written in. */
const itemSchema = z
  .object({
    priceBookItemId: idField("Choose an item of the price book").optional(),
    description: description.optional(),
    quantity,
    unitPriceCents: cents("Unit price").optional(),
  })
  .superRefine((item, ctx) => {
    if (item.priceBookItemId !== undefined) return;
    if (item.description === undefined)
      ctx.addIssue({ code: "custom", path: ["description"], message: "Description is required for a written-in item" });
    if (item.unitPriceCents === undefined)
      ctx.addIssue({
        code: "custom",
        path: ["unitPriceCents"],
        message: "Unit price is required for a written-in item",
      });
  });

const optionSchema = z.object({
  name: staffText("Option name", OPTION_NAME_MAX_LENGTH),
  discountCents: cents("Discount").optional(),
  items: z
    .array(itemSchema, { error: "Items must be a list" })
    .min(1, "Add at least one item")
    .max(MAX_ITEMS, `At most ${MAX_ITEMS} items per option`),
});

const depositPercent = depositPercentField;

const FOR_WHOM = "Choose a visit (bookingId) or, for a customer without one, the customer (customerId)";

/** Exactly one of a visit and a customer: what an estimate is for. */
function forOneOf(value: { bookingId?: number; customerId?: number }, ctx: z.RefinementCtx) {
  if (value.bookingId !== undefined && value.customerId !== undefined)
    ctx.addIssue({ code: "custom", path: ["customerId"], message: "Send bookingId or customerId, not both" });
  else if (value.bookingId === undefined && value.customerId === undefined)
    ctx.addIssue({ code: "custom", path: ["bookingId"], message: FOR_WHOM });
}

/**
 * POST /api/estimates: for a visit (`bookingId`, its customer's), or for a customer without a visit
 * yet (`customerId`: a quote asked by phone), exactly one.
 */
const estimateContent = {
  options: z
    .array(optionSchema, { error: "Options must be a list" })
    .min(1, "Add at least one option")
    .max(MAX_OPTIONS, `At most ${MAX_OPTIONS} options`),
  depositPercent: depositPercent.optional(),
  /**
   * The member's discount (docs/decisions/029-maintenance-plans.md): absent or true, each option takes the
   * customer's when they are a member; false leaves it off this estimate.
   */
  memberDiscount: z.boolean({ error: "memberDiscount must be true or false" }).optional(),
};

export const newEstimateSchema = z
  .object({
    bookingId: idField("Choose a visit (a booking id)").optional(),
    customerId: idField("Choose a customer (a customer id)").optional(),
    ...estimateContent,
  })
  .superRefine(forOneOf);

export type NewEstimate = z.output<typeof newEstimateSchema>;

/**
 * PUT /api/estimates/{id}: a draft's options and deposit, all of them anew (what it is for, the
 * visit or the customer, stays).
 */
export const estimateChangesSchema = z.object(estimateContent);

export type EstimateChanges = z.output<typeof estimateChangesSchema>;
export type NewEstimateItem = NewEstimate["options"][number]["items"][number];

/** /api/estimates/{id} */
export const estimateParamsSchema = z.object({ id: idField() });

/** An estimate link's token: 256 bits, base64url (43 characters). */
export const estimateTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

const blank = (value: unknown) => value === undefined || value === null || (typeof value === "string" && !value.trim());
const text = z.string().optional();

const rowSchema = z.object({ item: text, description: text, price: text, quantity: text });
const formOptionSchema = z.object({ name: text, discount: text, lines: z.array(rowSchema).optional() });

type Row = z.infer<typeof rowSchema>;
const rowIsEmpty = (row: Row) => blank(row.item) && blank(row.description) && blank(row.price);

/** Where a line of the JSON input came from on the page's form: option and row indexes. */
export interface FormPlaces {
  options: number[];
  rows: number[][];
}

function readRow(row: Row, at: (field: string, message: string) => void): NewEstimateItem {
  const item = blank(row.item) ? undefined : idFrom(row.item!.trim());
  if (item === null) at("item", "Choose an item of the price book");
  const price = blank(row.price) ? undefined : parseDollars(row.price!);
  if (price === null) at("price", `Enter a price in dollars up to ${MAX_DOLLARS_TEXT}, like 1,234.50`);
  const qty = blank(row.quantity) ? 100 : parseQuantity(row.quantity!);
  if (qty === null || qty === 0) at("quantity", QUANTITY_MESSAGE);
  const desc = blank(row.description) ? undefined : row.description!.trim();
  if (desc && desc.length > PRICE_ITEM_DESCRIPTION_MAX_LENGTH) at("description", "Description is too long");
  if (item === undefined && desc === undefined) at("description", "Describe the work, or choose an item");
  if (item === undefined && price === undefined) at("price", "Enter a price for a written-in item");
  return {
    ...(item === undefined || item === null ? {} : { priceBookItemId: item }),
    ...(desc === undefined ? {} : { description: desc }),
    quantity: qty ?? 100,
    ...(price === undefined || price === null ? {} : { unitPriceCents: price }),
  };
}

const formFields = z.object({
  bookingId: idField("Choose a visit").optional(),
  customerId: idField("Choose a customer").optional(),
  depositPercent: text,
  /** The member's discount's box ("on" when ticked; shown only for a member): unticked or absent leaves it off. */
  memberDiscount: text,
  options: z.array(formOptionSchema).max(MAX_OPTIONS, `At most ${MAX_OPTIONS} options`).optional(),
});

type EstimateForm = z.output<typeof formFields>;
type Issue = (path: (string | number)[], message: string) => void;

/**
 * One option of the form. With one option its name may be left blank (SINGLE_OPTION_NAME); with two
 * or three each is named. An option is never skipped: one without a line is refused on its lines,
 * saying to add a line or remove the option. Blank line rows are ignored.
 */
function readOption(option: z.output<typeof formOptionSchema>, o: number, count: number, issue: Issue) {
  const rows = option.lines ?? [];
  const filled = rows.map((row, r) => ({ row, r })).filter(({ row }) => !rowIsEmpty(row));
  const at = (path: (string | number)[], message: string) => issue(["options", o, ...path], message);
  const name = option.name?.trim() || (count === 1 ? SINGLE_OPTION_NAME : "");
  if (!name) at(["name"], "Name each option when there are two or more (like Good, Better, Best)");
  if (name.length > OPTION_NAME_MAX_LENGTH) at(["name"], "Option name is too long");
  if (filled.length === 0)
    at(["lines"], count === 1 ? "Add at least one line" : "This option has no lines: add a line, or remove the option");
  if (filled.length > MAX_ITEMS) at(["lines"], `At most ${MAX_ITEMS} lines per option`);
  const discount = blank(option.discount) ? undefined : parseDollars(option.discount!);
  if (discount === null) at(["discount"], `Enter a discount in dollars up to ${MAX_DOLLARS_TEXT}, like 100`);
  const items = filled.map(({ row, r }) => readRow(row, (field, message) => at(["lines", r, field], message)));
  return { rows: filled.map(({ r }) => r), option: { name, items, ...(discount ? { discountCents: discount } : {}) } };
}

/** The form read into the JSON API's input, and where each of its lines was on the form; `issue` hears what is wrong. */
function readEstimateForm(form: EstimateForm, issue: Issue): { input: NewEstimate; places: FormPlaces } {
  const places: FormPlaces = { options: [], rows: [] };
  const options: NewEstimate["options"] = [];
  const all = form.options ?? [];
  all.forEach((option, o) => {
    const read = readOption(option, o, all.length, issue);
    places.options.push(o);
    places.rows.push(read.rows);
    options.push(read.option);
  });
  if (options.length === 0) issue(["options"], "Add at least one option");
  const deposit = blank(form.depositPercent) ? undefined : parseDepositPercent(form.depositPercent!);
  const depositOk = deposit !== undefined && deposit !== null;
  if (deposit !== undefined && !depositOk) issue(["depositPercent"], DEPOSIT_MESSAGE);
  if ((form.bookingId === undefined) === (form.customerId === undefined)) issue(["bookingId"], FOR_WHOM);
  const input: NewEstimate = {
    ...(form.bookingId !== undefined ? { bookingId: form.bookingId } : { customerId: form.customerId }),
    options,
    ...(depositOk ? { depositPercent: deposit } : {}),
    memberDiscount: form.memberDiscount === "on",
  };
  return { input, places };
}

/**
 * The estimate builder's form (/admin/estimates/new and /admin/estimates/<id>/edit): one to three
 * options, each of as many line rows as the office adds (an item of the price book or a written-in
 * description, a price in dollars, a quantity) and a discount in dollars; a deposit percent; and, for
 * a member, whether their discount is taken off.
 * Blank line rows are ignored; an option is never skipped (readOption). The schema checks the form
 * (in the browser and in the action); `estimateFormInput` reads a checked form into the JSON API's input.
 */
export const estimateFormSchema = formFields.superRefine((form, ctx) => {
  readEstimateForm(form, (path, message) => ctx.addIssue({ code: "custom", path, message }));
});

/** A checked form as the JSON API's input, and where each of its lines was (to put refusals beside the right field). */
export function estimateFormInput(form: EstimateForm) {
  return readEstimateForm(form, () => undefined);
}

/** A price book item as a line's description: its name, and its description when it has one. */
export function priceBookLineText(item: { name: string; description?: string | null }): string {
  const more = item.description?.trim();
  return (more ? `${item.name}: ${more}` : item.name).slice(0, PRICE_ITEM_DESCRIPTION_MAX_LENGTH);
}

/** A saved estimate as the builder's form values (a draft opened for editing): dollars and quantities as typed. */
export function estimateFormValues(estimate: {
  depositPercent: number | null;
  memberDiscount?: { percent: number } | null;
  options: Array<{
    name: string;
    discountCents: number;
    lines: Array<{
      priceBookItemId: number | null;
      description: string;
      quantityHundredths: number;
      unitPriceCents: number;
    }>;
  }>;
}) {
  return {
    depositPercent: estimate.depositPercent ? String(estimate.depositPercent) : "",
    memberDiscount: estimate.memberDiscount ? "on" : "",
    options: estimate.options.map((option) => ({
      name: estimate.options.length === 1 && option.name === SINGLE_OPTION_NAME ? "" : option.name,
      discount: option.discountCents ? formatCentsPlain(option.discountCents) : "",
      lines: option.lines.map((line) => ({
        item: line.priceBookItemId ? String(line.priceBookItemId) : "",
        description: line.description,
        price: formatCentsPlain(line.unitPriceCents),
        quantity: formatQuantity(line.quantityHundredths),
      })),
    })),
  };
}

/** The customer's approval on /estimates/{token}: the option, their full name as signature, and the box ticked. */
export const approveEstimateFormSchema = z.object({
  optionId: idField("Choose an option"),
  signatureName: personName("Your full name"),
  agree: z.literal("on", { error: "Tick the box to agree" }),
});

/** Why a customer declines an estimate (the page's choices; saying why is optional). */
export const declineReasons = ["price", "other_contractor", "not_now", "other"] as const;
export type DeclineReason = (typeof declineReasons)[number];

/** A reason as the customer picks it and the office reads it. */
export const declineReasonLabels: Record<DeclineReason, string> = {
  price: "The price",
  other_contractor: "I chose another contractor",
  not_now: "I am not doing the work now",
  other: "Something else",
};

/** The longest note a customer may leave when declining. */
export const DECLINE_NOTE_MAX_LENGTH = 500;

/** The customer declines on /estimates/{token}: a reason and a note, both optional. */
export const declineEstimateFormSchema = z.object({
  reason: blankAsAbsent(z.enum(declineReasons, { error: "Choose one of the reasons" })),
  note: blankAsAbsent(
    requiredText(
      "Your note",
      DECLINE_NOTE_MAX_LENGTH,
      `Your note is too long (${DECLINE_NOTE_MAX_LENGTH} characters at most)`,
    ),
  ),
});

/** Every status of an estimate, in the order of its life (the list's status filter). */
export const estimateStatuses = Object.keys(estimateStatusLabels) as [EstimateStatusName, ...EstimateStatusName[]];

/**
 * GET /api/estimates and /admin/estimates: `status` (one of estimateStatuses), `q` (a customer as
 * the staff search finds one, or an estimate's number), `cursor` (the previous page's nextCursor)
 * and `limit` (1 to 100, 25 when absent).
 */
export const estimateListQuerySchema = z.object({
  status: blankAsAbsent(z.enum(estimateStatuses, { error: `Status must be one of ${estimateStatuses.join(", ")}` })),
  ...documentListFields,
});

export type EstimateListQuery = z.output<typeof estimateListQuerySchema>;
