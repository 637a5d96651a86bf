import { formatQuantity } from "@app/shared/money/money";

/**
 * A stored line of an estimate's option or of an invoice as the customer's page shows it
 * (/estimates/<token>, /invoices/<token>): what, how many in words ("1.5"), the unit price and the
 * line's stored total; never the price book's id or the tax flag.
 */
export const customerLine = (l: {
  id: number;
  description: string;
  quantityHundredths: number;
  unitPriceCents: number;
  totalCents: number;
}) => ({
  id: l.id,
  description: l.description,
  quantity: formatQuantity(l.quantityHundredths),
  unitPriceCents: l.unitPriceCents,
  totalCents: l.totalCents,
});
