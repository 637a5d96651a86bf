/** The inbox page's parts: search, the list, and the open message or conversation. */
import type { SerializeFrom } from "@remix-run/node";
import type { ReactNode } from "react";
import { getFormProps } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { Pager } from "~/components/staff/pager";
import { CalendarPlus, Mail, MessageSquare, MessageSquareText, Phone, Search, Siren } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input, Label, TextareaField } from "~/components/ui/field";
import { formatDateTime } from "@app/shared/time";
import { formatPhone } from "@app/shared/texts/phone";
import { textStatusLabel } from "@app/shared/texts/status";
import { cn } from "~/utils/cn";
import { telHref } from "~/components/staff/format";
import { inboxReplySchema } from "@app/shared/api/inbox-forms";
import { INBOX_SEARCH_MAX_LENGTH } from "@app/shared/api/limits";
import { useSchemaForm, type ActionResult } from "~/utils/schema-form";
import { bookingHref, itemKey } from "./inbox";
import type { InboxRow, openInboxItem } from "./inbox.server";

type Row = SerializeFrom<InboxRow>;
type Opened = NonNullable<SerializeFrom<typeof openInboxItem>>;

function inboxHref({ q, page, item }: { q?: string; page?: number; item?: string | null }) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (page && page > 1) params.set("page", String(page));
  if (item) params.set("item", item);
  const qs = params.toString();
  return qs ? `/admin/inbox?${qs}` : "/admin/inbox";
}

export function InboxSearch({ q }: { q: string }) {
  return (
    <Form method="get" action="/admin/inbox" role="search" className="mb-4 flex flex-wrap items-end gap-2">
      <div className="min-w-0 flex-1 space-y-1.5">
        <Label htmlFor="inbox-search">Search inbox</Label>
        <Input
          id="inbox-search"
          type="search"
          name="q"
          defaultValue={q}
          maxLength={INBOX_SEARCH_MAX_LENGTH}
          placeholder="Name, email or text"
        />
      </div>
      <Button type="submit" variant="outline">
        <Search aria-hidden="true" />
        Search
      </Button>
    </Form>
  );
}

const KIND_NAMES = { chat: "Chat conversation", contact: "Contact message", text: "Text messages" } as const;

export function InboxList({
  items,
  q,
  page,
  pages,
  total,
  openKey,
}: {
  items: Row[];
  q: string;
  page: number;
  pages: number;
  total: number;
  openKey: string | null;
}) {
  return (
    <section aria-label="Inbox items" className="min-w-0">
      <p className="mb-2 text-sm text-slate-600" role="status">
        {total === 0
          ? q
            ? "Nothing matches your search."
            : "The inbox is empty."
          : `${total} ${total === 1 ? "item" : "items"}${pages > 1 ? `, page ${page} of ${pages}` : ""}`}
      </p>
      <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white">
        {items.map((row) => {
          const key = itemKey(row.kind, row.id);
          const current = key === openKey;
          return (
            <li key={key}>
              <Link
                to={inboxHref({ q, page, item: key })}
                aria-current={current ? "true" : undefined}
                data-inbox-item={key}
                className={cn(
                  "block px-4 py-3 hover:bg-brand-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600",
                  current && "bg-brand-50",
                )}
              >
                <span className="flex items-center gap-2">
                  {row.kind === "chat" ? (
                    <MessageSquare aria-hidden="true" className="size-4 text-slate-500" />
                  ) : row.kind === "text" ? (
                    <MessageSquareText aria-hidden="true" className="size-4 text-slate-500" />
                  ) : (
                    <Mail aria-hidden="true" className="size-4 text-slate-500" />
                  )}
                  <span
                    className={cn(
                      "min-w-0 flex-1 truncate text-sm text-slate-900",
                      row.unread ? "font-bold" : "font-medium",
                    )}
                  >
                    {row.name ||
                      (row.kind === "chat"
                        ? "Website chat visitor"
                        : row.kind === "text"
                          ? formatPhone(row.id)
                          : "(no name)")}
                  </span>
                  <span className="shrink-0 text-xs text-slate-600">{formatDateTime(row.lastActivity)}</span>
                </span>
                <span className="sr-only">{KIND_NAMES[row.kind]}. </span>
                <span className="mt-1 block truncate text-sm text-slate-700">{row.preview}</span>
                <span className="mt-1 flex flex-wrap gap-1.5">
                  {row.emergency ? <EmergencyBadge /> : null}
                  {row.unread ? <Badge>Unread</Badge> : null}
                  {row.handled ? <Badge variant="secondary">Handled</Badge> : null}
                  {row.takenOver ? <Badge variant="accent">Staff handling</Badge> : null}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
      <Pager label="Inbox pages" page={page} pages={pages} href={(p) => inboxHref({ q, page: p })} />
    </section>
  );
}

/** "Take over" a conversation from the assistant (it stays quiet), or hand it back. */
function TakeOverForm({ item, taken }: { item: string; taken: boolean }) {
  return (
    <Form method="post">
      <input type="hidden" name="item" value={item} />
      {taken ? (
        <Button type="submit" name="intent" value="hand-back" variant="outline" size="sm">
          Hand back to assistant
        </Button>
      ) : (
        <Button type="submit" name="intent" value="take-over" size="sm">
          Take over
        </Button>
      )}
    </Form>
  );
}

/** An emergency lead, flagged red (docs/product.md#inbox). */
function EmergencyBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold text-white">
      <Siren aria-hidden="true" className="size-3" />
      Emergency
    </span>
  );
}

/** At the top of an emergency lead: what to do first. */
function EmergencyNotice({ children }: { children: ReactNode }) {
  return (
    <p
      data-inbox-emergency
      className="mb-3 flex items-start gap-2 rounded-lg border-2 border-red-800 bg-red-700 p-3 text-sm font-semibold text-white"
    >
      <Siren aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

function HandledForm({ item, handled }: { item: string; handled: boolean }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="handled" />
      <input type="hidden" name="item" value={item} />
      <input type="hidden" name="handled" value={handled ? "0" : "1"} />
      <Button type="submit" variant="outline" size="sm">
        {handled ? "Mark not handled" : "Mark handled"}
      </Button>
    </Form>
  );
}

const senderLabel = { user: "Visitor", assistant: "Assistant", staff: "Staff" } as const;

const BUBBLE_TONES = {
  them: "bg-white ring-1 ring-slate-200",
  staff: "ml-auto bg-amber-50 ring-1 ring-amber-200",
  assistant: "ml-auto bg-brand-50 ring-1 ring-brand-100",
} as const;

/** One message of a chat's transcript or a text conversation: the visitor's or customer's on the left, ours on the right. */
function Bubble({
  from,
  heading,
  text,
  ...data
}: {
  from: keyof typeof BUBBLE_TONES;
  heading: string;
  text: string;
  "data-sender"?: string;
  "data-direction"?: string;
}) {
  return (
    <li {...data} className={cn("max-w-[90%] rounded-lg px-3 py-2 text-sm", BUBBLE_TONES[from])}>
      <span className="block text-xs font-semibold text-slate-700">{heading}</span>
      <span className="whitespace-pre-wrap break-words text-slate-900">{text}</span>
    </li>
  );
}

export function InboxDetail({
  opened,
  itemKey,
  adminId,
  posted,
}: {
  opened: Opened;
  itemKey: string;
  adminId: number;
  posted?: ActionResult;
}) {
  if (opened.kind === "contact") return <ContactDetail contact={opened.contact} itemKey={itemKey} />;
  if (opened.kind === "text")
    return <TextDetail thread={opened.thread} itemKey={itemKey} adminId={adminId} posted={posted} />;
  return <ChatDetail chat={opened.chat} itemKey={itemKey} adminId={adminId} posted={posted} />;
}

/** A customer's texts to the business's number and the office's answers (docs/product.md#texts). */
function TextDetail({
  thread,
  itemKey: key,
  adminId,
  posted,
}: {
  thread: Extract<Opened, { kind: "text" }>["thread"];
  itemKey: string;
  adminId: number;
  posted?: ActionResult;
}) {
  const number = formatPhone(thread.phone);
  const who = thread.customer?.name ?? number;
  return (
    <article aria-labelledby="inbox-detail-title" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <header className="mb-3 flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id="inbox-detail-title" className="text-lg font-bold break-words text-slate-900">
            Texts with {who}
          </h2>
          <p className="text-sm text-slate-600">
            <a className="inline-flex items-center gap-1 text-brand-700 underline" href={telHref(thread.phone)}>
              <Phone aria-hidden="true" className="size-3.5" />
              {number}
            </a>
            {thread.customer ? (
              <>
                {" "}
                ·{" "}
                <Link className="text-brand-700 underline" to={`/admin/customers/${thread.customer.id}`}>
                  Customer record
                </Link>
              </>
            ) : (
              " · not a customer yet"
            )}
          </p>
          <p className="mt-1 text-sm text-slate-800" data-text-next-visit>
            {thread.nextVisit ? (
              <>
                Next visit:{" "}
                <Link className="text-brand-700 underline" to={`/admin/bookings/${thread.nextVisit.id}`}>
                  {thread.nextVisit.summary}, {formatDateTime(thread.nextVisit.scheduledDate)}
                </Link>
                {thread.nextVisit.customerConfirmedAt
                  ? ` · confirmed by the customer ${formatDateTime(thread.nextVisit.customerConfirmedAt)}`
                  : null}
              </>
            ) : (
              "No visit booked."
            )}
          </p>
        </div>
        {thread.handledAt ? <Badge variant="secondary">Handled {formatDateTime(thread.handledAt)}</Badge> : null}
      </header>
      <p className="mb-3 text-sm font-medium text-slate-800" data-text-handler>
        {thread.takenOverBy
          ? `Handled by ${thread.takenOverBy.id === adminId ? "you" : `${thread.takenOverBy.firstName} ${thread.takenOverBy.lastName}`}: the assistant is not answering.`
          : "The assistant is answering this conversation."}
      </p>

      {/* The newest 50, on the page itself (no box of its own to scroll, which a keyboard could not reach). */}
      <ol aria-label="Texts" className="space-y-2 rounded-lg bg-slate-50 p-3">
        {thread.messages.map((m) => (
          <Bubble
            key={m.id}
            from={m.direction === "inbound" ? "them" : "staff"}
            data-direction={m.direction}
            heading={`${m.direction === "inbound" ? "Customer" : `${m.kind === "assistant-reply" ? "Assistant" : "Us"}, ${textStatusLabel(m.status, m.errorCode)}`} · ${formatDateTime(m.createdAt)}`}
            text={m.body}
          />
        ))}
      </ol>

      <div className="mt-4 flex flex-wrap gap-2">
        <TakeOverForm item={key} taken={Boolean(thread.takenOverBy)} />
        <HandledForm item={key} handled={Boolean(thread.handledAt)} />
        {thread.customer ? null : (
          <Link
            className={buttonVariants({ variant: "secondary", size: "sm" })}
            to={bookingHref({
              phone: number,
              summary: "Service request",
              details: thread.messages.find((m) => m.direction === "inbound")?.body,
            })}
          >
            <CalendarPlus aria-hidden="true" />
            Create booking
          </Link>
        )}
      </div>

      {thread.optedOut ? (
        <p className="mt-4 text-sm font-medium text-slate-800">
          This number replied STOP: nothing can be texted to it until they reply START. Call them instead.
        </p>
      ) : (
        <ReplyForm
          item={key}
          posted={posted}
          label="Reply by text"
          hint={`Texted to ${number} from the business's number.`}
        />
      )}
    </article>
  );
}

function ContactDetail({
  contact: c,
  itemKey: key,
}: {
  contact: Extract<Opened, { kind: "contact" }>["contact"];
  itemKey: string;
}) {
  const name = `${c.firstName} ${c.lastName}`.trim();
  return (
    <article aria-labelledby="inbox-detail-title" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      {c.emergency ? (
        <EmergencyNotice>
          Emergency:{" "}
          {c.phone ? (
            <a className="inline-flex items-center gap-1 underline" href={telHref(c.phone)}>
              <Phone aria-hidden="true" className="size-3.5" />
              call {name} at {c.phone}
            </a>
          ) : (
            <>no phone given; email {name} at once</>
          )}{" "}
          now.
        </EmergencyNotice>
      ) : null}
      <header className="mb-3 flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id="inbox-detail-title" className="text-lg font-bold text-slate-900">
            Contact message from {name}
          </h2>
          <p className="text-sm text-slate-600">
            {formatDateTime(c.createdAt)} ·{" "}
            <a className="text-brand-700 underline" href={`mailto:${c.email}`}>
              {c.email}
            </a>
            {c.phone ? <> · {c.phone}</> : null}
            {c.service ? <> · {c.service}</> : null}
          </p>
        </div>
        {c.handledAt ? <Badge variant="secondary">Handled {formatDateTime(c.handledAt)}</Badge> : null}
      </header>
      <p className="whitespace-pre-wrap break-words text-slate-900">{c.message}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <HandledForm item={key} handled={Boolean(c.handledAt)} />
        <Link
          className={buttonVariants({ variant: "secondary", size: "sm" })}
          to={bookingHref({
            name,
            email: c.email,
            phone: c.phone,
            summary: c.service ? `${c.service[0]!.toUpperCase()}${c.service.slice(1)} service` : "Service request",
            details: c.message,
          })}
        >
          <CalendarPlus aria-hidden="true" />
          Create booking
        </Link>
      </div>
    </article>
  );
}

function ChatDetail({
  chat,
  itemKey: key,
  adminId,
  posted,
}: {
  chat: Extract<Opened, { kind: "chat" }>["chat"];
  itemKey: string;
  adminId: number;
  posted?: ActionResult;
}) {
  const mine = chat.handledBy?.id === adminId;
  const firstVisitorLine = chat.messages.find((m) => m.sender === "user")?.message ?? "";
  return (
    <article aria-labelledby="inbox-detail-title" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      {chat.emergencyAt ? (
        <EmergencyNotice>
          Emergency in this conversation (since {formatDateTime(chat.emergencyAt)}).{" "}
          {chat.handledBy ? "A person is handling it." : "Take it over to answer the visitor yourself."}
        </EmergencyNotice>
      ) : null}
      <header className="mb-3 flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id="inbox-detail-title" className="text-lg font-bold text-slate-900">
            Chat with {chat.request?.customerName || "a website visitor"}
          </h2>
          <p className="text-sm text-slate-600">
            Started {formatDateTime(chat.createdAt)}
            {chat.request ? (
              <>
                {" "}
                · {chat.request.customerEmail} · {chat.request.customerPhone}
              </>
            ) : null}
          </p>
          <p className="mt-1 text-sm font-medium text-slate-800" data-chat-handler>
            {chat.handledBy
              ? `Handled by ${mine ? "you" : `${chat.handledBy.firstName} ${chat.handledBy.lastName}`}: the assistant is not answering.`
              : "The assistant is answering this conversation."}
          </p>
        </div>
        {chat.handledAt ? <Badge variant="secondary">Handled {formatDateTime(chat.handledAt)}</Badge> : null}
      </header>

      <ol aria-label="Transcript" className="max-h-[28rem] space-y-2 overflow-y-auto rounded-lg bg-slate-50 p-3">
        {chat.messages.map((m) => (
          <Bubble
            key={m.id}
            from={m.sender === "user" ? "them" : m.sender}
            data-sender={m.sender}
            heading={`${senderLabel[m.sender]} · ${formatDateTime(m.createdAt)}`}
            text={m.message}
          />
        ))}
      </ol>

      <div className="mt-4 flex flex-wrap gap-2">
        <TakeOverForm item={key} taken={Boolean(chat.handledBy)} />
        <HandledForm item={key} handled={Boolean(chat.handledAt)} />
        <Link
          className={buttonVariants({ variant: "secondary", size: "sm" })}
          to={bookingHref({
            name: chat.request?.customerName,
            email: chat.request?.customerEmail,
            phone: chat.request?.customerPhone,
            summary: chat.request?.serviceType ?? "Chat request",
            details: firstVisitorLine,
          })}
        >
          <CalendarPlus aria-hidden="true" />
          Create booking
        </Link>
      </div>

      <ReplyForm item={key} posted={posted} />
    </article>
  );
}

/** A reply into the chat or by text (inboxReplySchema); it starts afresh once sent. */
function ReplyForm({
  item,
  posted,
  label = "Reply to the visitor",
  hint = "Sent to the visitor's chat window at once, marked as from the team. Replying takes the conversation over.",
}: {
  item: string;
  posted?: ActionResult;
  label?: string;
  hint?: string;
}) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "reply";
  const [form, fields] = useSchemaForm(inboxReplySchema, {
    id: "inbox-reply",
    lastResult: posted?.intent === "reply" ? posted.result : undefined,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 space-y-2">
      <input type="hidden" name="intent" value="reply" />
      <input type="hidden" name="item" value={item} />
      <TextareaField field={fields.message} label={label} rows={3} hint={hint} />
      <Button type="submit" disabled={sending}>
        {sending ? "Sending..." : "Send reply"}
      </Button>
    </Form>
  );
}
