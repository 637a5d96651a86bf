import type { JobData, TextedDocumentNotice, TextedVisitNotice } from "../jobs";
import { bookingSubject } from "../booking/visit-notifications.server";
import type { Outbox } from "../outbox.server";
import { textSendAt } from "./quiet-hours";

/**
 * Owes a visit email's text twin (docs/product.md#texts): written with the email, in the same transaction,
 * for when the email is due or, in quiet hours (9 PM to 8 AM Baton Rouge time), for 8 AM; an urgent one
 * (an emergency's, "on my way") goes when due. Whether the number may be texted is decided when it is sent
 * (the worker's visit texts): consent may come or go meanwhile, and without it nothing is sent.
 */
export function oweVisitText(
  outbox: Outbox,
  notice: TextedVisitNotice,
  data: Omit<JobData<"visit-text">, "notice">,
  due: Date,
  urgent?: 1,
): void {
  outbox.add(
    "visit-text",
    { notice, ...data },
    {
      subject: bookingSubject(data.bookingId),
      availableAt: textSendAt(due, { urgent: urgent === 1 }),
      ...(urgent ? { priority: 1 } : {}),
    },
  );
}

/**
 * Owes an estimate's or invoice's email's text twin, written with the email in its transaction: at once, or at
 * 8 AM when sent in the quiet hours. Cancelling the email's subject cancels it too (../outbox.server.ts).
 */
export function oweDocumentText(
  outbox: Outbox,
  notice: TextedDocumentNotice,
  data: Omit<JobData<"document-text">, "notice">,
  subject: string,
  due: Date,
): void {
  outbox.add("document-text", { notice, ...data }, { subject, availableAt: textSendAt(due) });
}
