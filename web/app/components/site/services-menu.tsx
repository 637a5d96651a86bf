import { NavLink, useLocation } from "@remix-run/react";
import { ChevronDown, LayoutGrid } from "~/components/site/icons";
import { services } from "@app/shared/business";
import { clsx as cn } from "clsx";
import { isServicesPath, scrollToTopIfSamePage } from "./navigation";
import { serviceIcons } from "./service-icons";

/**
 * The desktop Services dropdown: a native disclosure (`<details>`) whose panel is a list of links
 * (the WAI "disclosure navigation" pattern, which suits site menus better than an application
 * menu). It opens and closes without any script; header-menus.ts adds the keyboard's arrows,
 * Home and End, Escape, and closing on a click outside or on tabbing away. The header closes it
 * on every navigation of the app.
 */
export function ServicesMenu({ className }: { className?: string }) {
  const { pathname } = useLocation();
  return (
    <details data-menu className={cn("group/services relative", className)}>
      <summary className={cn(navItemClass(isServicesPath(pathname)), "cursor-pointer list-none gap-1")}>
        Services
        <ChevronDown aria-hidden="true" className="size-4 transition-transform group-open/services:rotate-180" />
      </summary>
      <ServicesPanel />
    </details>
  );
}

/** The dropdown's panel: a link to each service, then to all of them. */
function ServicesPanel() {
  return (
    <div className="absolute left-1/2 top-full z-50 mt-2 w-[40rem] -translate-x-1/2 animate-menu-in rounded-xl border border-slate-200 bg-white p-3 shadow-xl shadow-brand-900/10">
      <ul className="grid grid-cols-2 gap-1">
        {services.map((service) => {
          const Icon = serviceIcons[service.slug];
          return (
            <li key={service.slug}>
              <NavLink
                to={service.path}
                prefetch="intent"
                onClick={() => scrollToTopIfSamePage(service.path)}
                className={({ isActive }) =>
                  cn(
                    "group flex gap-3 rounded-lg p-3 hover:bg-brand-50",
                    isActive && "bg-brand-50 ring-1 ring-inset ring-brand-200",
                  )
                }
              >
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-100 text-brand-700 group-hover:bg-brand-700 group-hover:text-white">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <span>
                  <span className="block text-sm font-semibold text-slate-900">{service.name}</span>
                  {/* A visual hint only: the link's name stays the service's name. */}
                  <span aria-hidden="true" className="mt-0.5 block text-xs leading-5 text-slate-600">
                    {service.features.slice(0, 2).join(" · ")}
                  </span>
                </span>
              </NavLink>
            </li>
          );
        })}
        <li className="col-span-2 mt-1 border-t border-slate-200 pt-2">
          <NavLink
            to="/services"
            end
            prefetch="intent"
            onClick={() => scrollToTopIfSamePage("/services")}
            className={({ isActive }) =>
              cn(
                "flex items-center justify-between gap-2 rounded-lg px-3 py-2.5 text-sm font-semibold text-brand-700 hover:bg-brand-50",
                isActive && "bg-brand-50",
              )
            }
          >
            <span className="flex items-center gap-2">
              <LayoutGrid aria-hidden="true" className="size-4" />
              All Services
            </span>
            <span aria-hidden="true" className="text-xs font-medium text-slate-600">
              Compare all six
            </span>
          </NavLink>
        </li>
      </ul>
    </div>
  );
}

/** The look of a top-level header item; `active` marks the current section. */
export function navItemClass(active: boolean) {
  return cn(
    "inline-flex h-11 items-center rounded-md px-3 text-sm font-semibold whitespace-nowrap transition-colors",
    active
      ? "bg-brand-50 text-brand-800 shadow-[inset_0_-2px_0_var(--color-accent-500)]"
      : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
  );
}
