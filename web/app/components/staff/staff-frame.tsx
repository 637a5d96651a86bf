import { Link, NavLink } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
import { createContext, useContext, type ReactNode } from "react";
import { Outcome } from "~/components/ui/outcome";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/utils/cn";

/** The staff pages, in the order of the office's day (docs/product.md#staff-pages). */
const STAFF_PAGES = [
  { to: "/dashboard", label: "Today" },
  { to: "/admin/dispatch", label: "Dispatch" },
  { to: "/admin/bookings", label: "Bookings" },
  { to: "/admin/calendar", label: "Calendar" },
  { to: "/admin/inbox", label: "Inbox" },
  { to: "/admin/calls", label: "Calls" },
  { to: "/admin/users", label: "Users" },
  { to: "/admin/closures", label: "Closures" },
  { to: "/admin/price-book", label: "Price Book" },
  { to: "/admin/estimates", label: "Estimates" },
  { to: "/admin/invoices", label: "Invoices" },
  { to: "/admin/queues", label: "Queues" },
] as const;

/**
 * The staff bar on every staff page: the pages (the current one marked with aria-current) and
 * the search box. On a phone the links scroll sideways in one row and the box takes the next.
 */
function StaffNav({ search }: { search?: ReactNode }) {
  return (
    <div className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col gap-2 px-3 py-2 sm:px-6 md:flex-row md:items-center md:justify-between">
        <nav aria-label="Staff" className="-mx-1 min-w-0 overflow-x-auto">
          <ul className="flex gap-1 whitespace-nowrap px-1">
            {STAFF_PAGES.map((page) => (
              <li key={page.to}>
                <NavLink
                  to={page.to}
                  prefetch="intent"
                  className={({ isActive }) =>
                    cn(
                      "flex min-h-11 items-center rounded-md px-2 text-sm font-medium md:min-h-9",
                      isActive
                        ? "bg-brand-50 text-brand-800"
                        : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
                    )
                  }
                >
                  {page.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {search}
      </div>
    </div>
  );
}

/**
 * What a feature puts in the frame (this folder imports no feature): the staff bar's search box and the
 * live indicator beside each page's title. `AdminShell` (web/app/features/live/admin-shell.tsx) fills them.
 */
interface StaffSlots {
  search?: ReactNode;
  indicator?: ReactNode;
}

const StaffSlotsContext = createContext<StaffSlots>({});

/** The frame of every staff page: the staff bar and a roomy but dense container. */
export function StaffFrame({
  children,
  search,
  indicator,
  className,
}: StaffSlots & { children: ReactNode; className?: string }) {
  return (
    <StaffSlotsContext.Provider value={{ search, indicator }}>
      <StaffNav search={search} />
      <div className="min-h-full bg-slate-50">
        <div className={cn("mx-auto max-w-7xl px-3 py-5 sm:px-6 sm:py-8", className)}>{children}</div>
      </div>
    </StaffSlotsContext.Provider>
  );
}

/** Back link, title with the live indicator, optional description, and the page's actions. */
export function AdminPageHeader({
  title,
  description,
  back,
  actions,
}: {
  title: string;
  description?: ReactNode;
  back?: { to: string; label: string };
  actions?: ReactNode;
}) {
  const { indicator } = useContext(StaffSlotsContext);
  return (
    <div className="mb-5 sm:mb-6">
      {back ? (
        <Link
          to={back.to}
          prefetch="intent"
          className={cn(buttonVariants({ variant: "ghost", size: "sm" }), "-ml-3 mb-2 text-slate-700")}
        >
          <ArrowLeft aria-hidden="true" />
          {back.label}
        </Link>
      ) : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
            {indicator}
          </div>
          {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
    </div>
  );
}

/**
 * What a page's form post did, above a staff page's content ("Success: …" or "Error: …"): the shared
 * `Outcome`, so it has the focus and is in view after the post, with JavaScript (revealed, again for
 * each new answer: pass its `at`) or without (autofocus on the page the post answered).
 */
export function PostedOutcome({ ok, message, at }: { ok: boolean; message: string; at?: number }) {
  return (
    <Outcome tone={ok ? "success" : "destructive"} revealKey={at ?? message} className="mb-4">
      <strong className="font-semibold">{ok ? "Success" : "Error"}:</strong> {message}
    </Outcome>
  );
}
