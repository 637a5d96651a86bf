import { z } from "../zod";
import { textablePhone } from "../texts/phone";
import { businessDate, parseLocalDate } from "../time";
import { textConsentField } from "./fields";
import { blankAsAbsent, idField, localDateField } from "./values";

/**
 * /admin/on-call's forms (docs/product.md#on-call), told apart by `intent`: a shift added (who, their fallback, the
 * first and last day) or removed, and a staff member's own phone and whether they take the office's calls.
 */
export const ON_CALL_INTENTS = { add: "add-shift", remove: "remove-shift", phone: "staff-phone" } as const;

/** A shift of whole Baton Rouge days, from today on; the fallback, when chosen, is someone else. */
export const newShiftSchema = z
  .object({
    userId: idField("Choose who is on call"),
    fallbackId: blankAsAbsent(idField("Choose the fallback, or the admins")),
    startsOn: localDateField("Choose the first day").refine(
      (date) => parseLocalDate(date) === null || date >= businessDate(),
      "Choose today or a later day",
    ),
    endsOn: localDateField("Choose the last day"),
  })
  .refine((s) => s.endsOn >= s.startsOn, { path: ["endsOn"], message: "The last day is on or after the first" })
  .refine((s) => s.fallbackId !== s.userId, { path: ["fallbackId"], message: "Choose someone else as the fallback" });

export const removeShiftSchema = z.object({ shiftId: idField("Unknown shift.") });

/** A staff member's own phone (a US number, kept in E.164; empty: none) and whether the office's calls ring it. */
export const staffPhoneSchema = z
  .object({
    userId: idField("Unknown staff member."),
    phone: blankAsAbsent(
      z
        .string()
        .trim()
        .max(30, "Phone number is too long")
        .transform((value, ctx) => {
          const number = textablePhone(value);
          if (!number) ctx.addIssue({ code: "custom", message: "Enter a US phone number, like (225) 555-0142" });
          return number ?? z.NEVER;
        }),
    ),
    takesCalls: textConsentField,
  })
  .refine((s) => !s.takesCalls || s.phone, { path: ["phone"], message: "Add their phone to ring it with the office" });
