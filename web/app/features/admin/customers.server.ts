import type { AppLoadContext } from "@remix-run/node";

const select = { id: true, name: true, email: true, phone: true } as const;

/**
 * Customer search for the new-booking dialog: by name (case-insensitive, partial) or by ids.
 * Records merged into another (`mergedIntoId`) are never offered.
 */
export async function searchCustomers(context: AppLoadContext, query: { name?: string; ids?: number[] }) {
  const { db } = context.services;
  if (query.ids)
    return db.customer.findMany({
      where: { id: { in: query.ids }, mergedIntoId: null },
      select,
      orderBy: { id: "asc" },
    });
  const name = query.name?.trim();
  return db.customer.findMany({
    where: {
      mergedIntoId: null,
      ...(name
        ? { OR: [{ name: { contains: name, mode: "insensitive" } }, { email: { contains: name.toLowerCase() } }] }
        : {}),
    },
    select,
    orderBy: [{ name: "asc" }, { id: "asc" }],
    take: 50,
  });
}

export async function createCustomer(context: AppLoadContext, input: { name: string; email: string; phone: string }) {
  return context.services.db.customer.create({
    data: { name: input.name, email: input.email.toLowerCase(), phone: input.phone },
    select,
  });
}
