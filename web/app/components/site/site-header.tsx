import { Link, NavLink, useLocation } from "@remix-run/react";
import { CalendarCheck, LayoutDashboard, LogIn, LogOut, Menu, Phone, Wrench, X } from "~/components/site/icons";
import { useEffect, useRef } from "react";
import { services } from "@app/shared/business";
import { clsx as cn } from "clsx";
import { Logo } from "./logo";
import { primaryNav, scrollToTopIfSamePage } from "./navigation";
import { serviceIcons } from "./service-icons";
import { closeMenus, enhanceMenus } from "./header-menus";
import { navItemClass, ServicesMenu } from "./services-menu";
import { useSessionUser } from "./site-data";
import { useBusinessFacts } from "~/utils/business-facts";

export type AccountLink = { to: string; label: string; Icon: typeof LayoutDashboard };

/** The signed-in user's own area, by role, in the desktop bar and the mobile menu alike. */
export const ACCOUNT_LINKS: Record<string, AccountLink[]> = {
  admin: [{ to: "/dashboard", label: "Admin", Icon: LayoutDashboard }],
  customer: [{ to: "/account", label: "My Account", Icon: CalendarCheck }],
  technician: [{ to: "/jobs", label: "My Jobs", Icon: Wrench }],
};

/**
 * The sticky site header. Everything in it is rendered by the server from the
 * root loader (including the signed-in state), so nothing changes on hydration.
 * Its two menus (Services, and the phone's menu) are native disclosures that
 * work without any script (header-menus.ts gives them a menu's keyboard manners).
 */
export function SiteHeader() {
  const business = useBusinessFacts();
  const user = useSessionUser();
  const accountLinks = (user && ACCOUNT_LINKS[user.role]) || [];
  const { pathname } = useLocation();
  const headerRef = useRef<HTMLElement>(null);

  // Where the app runs: the menus' manners, and every navigation closes them.
  useEffect(() => (headerRef.current ? enhanceMenus(headerRef.current) : undefined), []);
  useEffect(() => {
    if (headerRef.current) closeMenus(headerRef.current);
  }, [pathname]);

  const onNavigate = (to: string) => scrollToTopIfSamePage(to);

  return (
    <header ref={headerRef} className="sticky top-0 z-40 border-b border-slate-200 bg-white shadow-sm">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 max-[400px]:gap-2 sm:px-6">
        <Link to="/" onClick={() => onNavigate("/")} className="-ml-1 shrink-0 rounded-md p-1">
          <Logo />
        </Link>

        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            <NavItems items={primaryNav.before} where="desktop" onNavigate={onNavigate} />
            <li>
              <ServicesMenu />
            </li>
            <NavItems items={primaryNav.after} where="desktop" onNavigate={onNavigate} />
            {accountLinks.map(({ to, label, Icon }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  onClick={() => onNavigate(to)}
                  className={({ isActive }) => cn(navItemClass(isActive), "gap-1.5")}
                >
                  <Icon aria-hidden="true" className="size-4" />
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-2 max-[400px]:gap-1.5">
          <div className="hidden lg:block">
            <AccountControl signedIn={Boolean(user)} onNavigate={onNavigate} />
          </div>
          <NavLink
            to="/book"
            onClick={() => onNavigate("/book")}
            prefetch="intent"
            className="inline-flex h-11 min-w-11 items-center justify-center gap-2 rounded-md bg-brand-700 px-2.5 text-sm font-bold whitespace-nowrap text-white shadow-sm hover:bg-brand-800 sm:px-4"
          >
            <CalendarCheck aria-hidden="true" className="size-4 max-sm:hidden" />
            {/* "Book online" wherever it fits; its first word on the narrowest phones, the name unchanged. */}
            <span>
              Book<span className="max-[400px]:sr-only"> online</span>
            </span>
          </NavLink>
          <a
            href={business.phoneHref}
            className="inline-flex h-11 min-w-11 items-center justify-center gap-2 rounded-md bg-accent-400 px-3 text-sm font-bold whitespace-nowrap text-slate-900 shadow-sm hover:bg-accent-300 sm:px-4"
          >
            <Phone aria-hidden="true" className="size-4" />
            {/* On the narrowest phones the icon alone (beside Book), its name unchanged. */}
            <span className="max-[400px]:sr-only">Call</span>{" "}
            <span className="sr-only sm:not-sr-only">{business.phone}</span>
          </a>
          <details data-menu className="group/menu lg:hidden">
            <summary className="inline-flex size-11 cursor-pointer list-none items-center justify-center rounded-md border border-slate-300 text-slate-800 hover:bg-slate-100">
              <Menu aria-hidden="true" className="size-5 group-open/menu:hidden" />
              <X aria-hidden="true" className="hidden size-5 group-open/menu:inline-block" />
              <span className="sr-only">Menu</span>
            </summary>
            <MobileMenu accountLinks={accountLinks} signedIn={Boolean(user)} onNavigate={onNavigate} />
          </details>
        </div>
      </div>
    </header>
  );
}

/** The main links around Services, in the desktop bar (prefetched on intent) or the mobile menu. */
function NavItems({
  items,
  where,
  onNavigate,
}: {
  items: ReadonlyArray<{ to: string; label: string; end: boolean }>;
  where: "desktop" | "mobile";
  onNavigate: (to: string) => void;
}) {
  return items.map((item) => (
    <li key={item.to}>
      <NavLink
        to={item.to}
        end={item.end}
        prefetch={where === "desktop" ? "intent" : undefined}
        onClick={() => onNavigate(item.to)}
        className={({ isActive }) => (where === "desktop" ? navItemClass(isActive) : mobileItemClass(isActive))}
      >
        {item.label}
      </NavLink>
    </li>
  ));
}

interface MobileMenuProps {
  accountLinks: AccountLink[];
  signedIn: boolean;
  onNavigate: (to: string) => void;
}

/** The menu the toggle opens below the bar on phones and tablets: every link, the phone, and sign-in or out. */
function MobileMenu({ accountLinks, signedIn, onNavigate }: MobileMenuProps) {
  const business = useBusinessFacts();
  return (
    <div
      id="mobile-menu"
      className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-y border-slate-200 bg-white shadow-md lg:hidden"
    >
      <nav aria-label="Mobile" className="mx-auto max-w-6xl px-4 py-3 sm:px-6">
        <ul className="space-y-1">
          <NavItems items={primaryNav.before} where="mobile" onNavigate={onNavigate} />
          <li>
            <NavLink
              to="/services"
              end
              onClick={() => onNavigate("/services")}
              className={({ isActive }) => mobileItemClass(isActive)}
            >
              Services
            </NavLink>
            <ul className="ml-3 mt-1 grid gap-1 border-l-2 border-brand-100 pl-3 sm:grid-cols-2">
              {services.map((service) => {
                const Icon = serviceIcons[service.slug];
                return (
                  <li key={service.slug}>
                    <NavLink
                      to={service.path}
                      onClick={() => onNavigate(service.path)}
                      className={({ isActive }) => cn(mobileItemClass(isActive), "gap-3 text-sm font-medium")}
                    >
                      <Icon aria-hidden="true" className="size-4 text-brand-700" />
                      {service.name}
                    </NavLink>
                  </li>
                );
              })}
            </ul>
          </li>
          <NavItems items={primaryNav.after} where="mobile" onNavigate={onNavigate} />
          {accountLinks.map(({ to, label, Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                onClick={() => onNavigate(to)}
                className={({ isActive }) => cn(mobileItemClass(isActive), "gap-2")}
              >
                <Icon aria-hidden="true" className="size-4" />
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="mt-3 grid gap-2 border-t border-slate-200 pt-3 sm:grid-cols-2">
          <a
            href={business.phoneHref}
            className="inline-flex h-12 items-center justify-center gap-2 rounded-md bg-accent-400 px-4 font-bold text-slate-900 hover:bg-accent-300"
          >
            <Phone aria-hidden="true" className="size-5" />
            Call {business.phone}
          </a>
          <AccountControl signedIn={signedIn} onNavigate={onNavigate} wide />
        </div>
      </nav>
    </div>
  );
}

/** Login when signed out; Logout as a plain POST form (works before and without JavaScript) when signed in. */
export function AccountControl({
  signedIn,
  onNavigate,
  wide = false,
}: {
  signedIn: boolean;
  onNavigate: (to: string) => void;
  wide?: boolean;
}) {
  const look = cn(
    "inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 hover:bg-slate-100",
    wide ? "h-12 w-full" : "h-11",
  );
  if (signedIn) {
    return (
      <form method="post" action="/logout" className={wide ? "w-full" : undefined}>
        <button type="submit" className={look}>
          <LogOut aria-hidden="true" className="size-4" />
          Logout
        </button>
      </form>
    );
  }
  return (
    <NavLink
      to="/login"
      onClick={() => onNavigate("/login")}
      className={({ isActive }) => cn(look, isActive && "border-brand-300 bg-brand-50 text-brand-800")}
    >
      <LogIn aria-hidden="true" className="size-4" />
      Login
    </NavLink>
  );
}

function mobileItemClass(active: boolean) {
  return cn(
    "flex min-h-11 items-center rounded-md px-3 py-2 font-semibold",
    active
      ? "bg-brand-50 text-brand-800 shadow-[inset_3px_0_0_var(--color-accent-500)]"
      : "text-slate-800 hover:bg-slate-100",
  );
}
