import { Link, NavLink } from "@remix-run/react";
import { clsx as cn } from "clsx";
import { Logo } from "./logo";
import { ACCOUNT_LINKS, AccountControl } from "./site-header";
import { useSessionUser } from "./site-data";

/**
 * The header of the staff pages (/dashboard, /admin/…, /jobs; docs/product.md#staff-pages): the
 * brand (to the person's own staff page), that page's link and Logout, in one compact row. The
 * visitors' menu and call button are the marketing site's, not the office's; the staff pages' own
 * links are the staff bar under it (components/staff/staff-frame.tsx).
 */
export function StaffHeader() {
  const user = useSessionUser();
  const links = (user && ACCOUNT_LINKS[user.role]) || [];
  const home = links[0]?.to ?? "/";
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white shadow-sm">
      <div className="mx-auto flex h-14 max-w-7xl items-center justify-between gap-2 px-3 sm:px-6">
        <Link to={home} className="-ml-1 flex min-h-11 shrink-0 items-center rounded-md p-1">
          {/* On a phone the mark alone (its name still read out): the row keeps its links. */}
          <Logo compact />
        </Link>
        <nav aria-label="Account" className="flex items-center gap-1 sm:gap-2">
          {links.map(({ to, label, Icon }) => (
            <NavLink
              key={to}
              to={to}
              end
              prefetch="intent"
              className={({ isActive }) =>
                cn(
                  "inline-flex h-11 items-center gap-1.5 rounded-md px-3 text-sm font-semibold whitespace-nowrap",
                  isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
                )
              }
            >
              <Icon aria-hidden="true" className="size-4 max-[400px]:hidden" />
              {label}
            </NavLink>
          ))}
          <AccountControl signedIn={Boolean(user)} onNavigate={() => {}} />
        </nav>
      </div>
    </header>
  );
}
