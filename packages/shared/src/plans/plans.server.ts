/**
 * The plans the business sells (docs/product.md#plans): kept by admins on /admin/plans and through the JSON API
 * (/api/plans), listed for homeowners on /plans. Every write is audited in its transaction. A plan is never
 * deleted (its members keep it): `active: false` takes it off /plans and the enrol form.
 */
import { type NewPlan, type PlanChange } from "../api/plans";
import { recordAudit } from "../audit-log.server";
import type { Reader } from "../db.server";
import type { ChangeContext } from "../outbox.server";
import { failure, success, type Result } from "../result";
import { z } from "../zod";

interface Actor {
  id: number;
  email: string;
}

/** A plan as the API and the pages show it (docs/product.md#plans): prices in whole cents. Declared once. */
export const planJson = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  yearlyPriceCents: z.number().int(),
  monthlyPriceCents: z.number().int().nullable(),
  visitsPerYear: z.number().int(),
  serviceType: z.string(),
  discountPercent: z.number().int(),
  emergencyPriority: z.boolean(),
  terms: z.string(),
  active: z.boolean(),
});

export type PlanJson = z.output<typeof planJson>;

const planSelect = {
  id: true,
  name: true,
  slug: true,
  yearlyPriceCents: true,
  monthlyPriceCents: true,
  visitsPerYear: true,
  serviceType: true,
  discountPercent: true,
  emergencyPriority: true,
  terms: true,
  active: true,
} as const;

const FIELDS = [
  "name",
  "yearlyPriceCents",
  "monthlyPriceCents",
  "visitsPerYear",
  "serviceType",
  "discountPercent",
  "emergencyPriority",
  "terms",
  "active",
] as const;

const NOT_FOUND = "No such plan";
const NAME_TAKEN = "A plan has that name already";

/** "Generator Care" → "generator-care": the plan's anchor on /plans. */
export const slugOf = (name: string) =>
  name
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60) || "plan";

/** The plans, active first, then by yearly price; only the active or the inactive ones when asked. */
export function listPlans(db: Reader, filter: { active?: boolean } = {}): Promise<PlanJson[]> {
  return db.plan.findMany({
    where: filter.active === undefined ? {} : { active: filter.active },
    orderBy: [{ active: "desc" }, { yearlyPriceCents: "asc" }, { id: "asc" }],
    select: planSelect,
  });
}

export function findPlan(db: Reader, id: number): Promise<PlanJson | null> {
  return db.plan.findUnique({ where: { id }, select: planSelect });
}

/** Whether another plan has this name or its slug (a name is how the office and members know a plan). */
async function nameTaken(db: Reader, name: string, except?: number) {
  const clash = await db.plan.findFirst({
    where: { OR: [{ name: { equals: name, mode: "insensitive" } }, { slug: slugOf(name) }], id: { not: except ?? -1 } },
    select: { id: true },
  });
  return Boolean(clash);
}

const nameRefused = () => failure(409, NAME_TAKEN, { errors: { name: NAME_TAKEN } });

/** An admin adds a plan (201), audited with what it holds; 409 when its name is taken. */
export async function createPlan(
  context: ChangeContext,
  actor: Actor,
  input: NewPlan,
): Promise<Result<{ plan: PlanJson }>> {
  const { db } = context.services;
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('plans'))`;
    if (await nameTaken(tx, input.name)) return nameRefused();
    const plan = await tx.plan.create({
      data: {
        name: input.name,
        slug: slugOf(input.name),
        yearlyPriceCents: input.yearlyPriceCents,
        monthlyPriceCents: input.monthlyPriceCents ?? null,
        visitsPerYear: input.visitsPerYear,
        serviceType: input.serviceType,
        discountPercent: input.discountPercent,
        emergencyPriority: input.emergencyPriority ?? false,
        terms: input.terms,
        active: input.active ?? true,
      },
      select: planSelect,
    });
    await recordAudit(tx, {
      actor,
      action: "plan.created",
      targetType: "plan",
      targetId: plan.id,
      details: { ...plan },
    });
    return success({ plan }, 201);
  });
}

/**
 * An admin changes a plan (404 when there is none): the fields that differ are written and audited with from and
 * to. Members keep the price and discount they joined at until they renew (docs/decisions/029-maintenance-plans.md).
 */
export async function updatePlan(
  context: ChangeContext,
  actor: Actor,
  id: number,
  changes: PlanChange,
): Promise<Result<{ plan: PlanJson }>> {
  const { db } = context.services;
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('plans'))`;
    const before = await tx.plan.findUnique({ where: { id }, select: planSelect });
    if (!before) return failure(404, NOT_FOUND);
    const changed = FIELDS.filter((f) => changes[f] !== undefined && changes[f] !== before[f]);
    if (changed.length === 0) return success({ plan: before });
    if (changes.name !== undefined && changed.includes("name") && (await nameTaken(tx, changes.name, id)))
      return nameRefused();
    const data: Record<string, unknown> = Object.fromEntries(changed.map((f) => [f, changes[f]]));
    if (changed.includes("name")) data.slug = slugOf(changes.name!);
    const after = await tx.plan.update({ where: { id }, data, select: planSelect });
    await recordAudit(tx, {
      actor,
      action: "plan.updated",
      targetType: "plan",
      targetId: id,
      details: {
        name: after.name,
        from: Object.fromEntries(changed.map((f) => [f, before[f]])),
        to: Object.fromEntries(changed.map((f) => [f, after[f]])),
      },
    });
    return success({ plan: after });
  });
}
