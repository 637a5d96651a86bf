import { Mail, Phone } from "lucide-react";
import { cn } from "~/utils/cn";
import { telHref } from "./format";

/**
 * A customer's phone and email as links, each after its icon: the calendar's day dialog shows
 * them in a row (`inline`), a booking's page one under the other.
 */
export function ContactLinks({ phone, email, inline = false }: { phone: string; email: string; inline?: boolean }) {
  const link = cn(
    inline ? "inline-flex" : "flex",
    "items-center gap-1.5 text-brand-700 underline-offset-2 hover:underline",
  );
  return (
    <>
      <a href={telHref(phone)} className={link}>
        <Phone aria-hidden="true" className="size-3.5" />
        {phone}
      </a>
      <a href={`mailto:${email}`} className={cn(link, "break-all")}>
        <Mail aria-hidden="true" className="size-3.5" />
        {email}
      </a>
    </>
  );
}
