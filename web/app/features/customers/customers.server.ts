import type { AppLoadContext } from "@remix-run/node";
import { findCustomers } from "~/features/search/public.server";

const select = { id: true, name: true, email: true, phone: true } as const;

/**
 * The New Booking dialog's customer search: with `name`, the staff search's customers (name with
 * typos, phone by its digits, email, address; docs/product.md#search); with `ids`, those; with
 * neither, the first 50 by name. Records merged into another (`mergedIntoId`) are never offered.
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
  if (name) return findCustomers(context, name);
  return db.customer.findMany({
    where: { mergedIntoId: null },
    select,
    orderBy: [{ name: "asc" }, { id: "asc" }],
    take: 50,
  });
}
