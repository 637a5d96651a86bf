import { NavLink, useLocation } from "@remix-run/react";
import { ChevronDown, LayoutGrid } from "~/components/site/icons";
import { useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from "react";
import { services } from "@app/shared/business";
import { clsx as cn } from "clsx";
import { isServicesPath, scrollToTopIfSamePage } from "./navigation";
import { serviceIcons } from "./service-icons";
import { useHydrated } from "~/utils/use-hydrated";

/**
 * The desktop Services dropdown: a disclosure button that shows a panel of
 * links (the WAI "disclosure navigation" pattern, which suits site menus
 * better than an application menu). Keyboard: Enter/Space/ArrowDown open it,
 * arrows and Home/End move between links, Escape closes it and returns focus
 * to the button; it also closes on a click outside, on tabbing away and on
 * every navigation.
 */
export function ServicesMenu({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const active = isServicesPath(pathname);
  // A disclosure needs the page's code: shown disabled until that has taken over.
  const hydrated = useHydrated();

  // Every navigation closes it: adjusted while rendering, when the path changes (not in an effect, a render later).
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const links = () => Array.from(panelRef.current?.querySelectorAll<HTMLAnchorElement>("a") ?? []);

  const focusLink = (index: number) => {
    const all = links();
    if (all.length === 0) return;
    all[(index + all.length) % all.length]?.focus();
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      const last = event.key === "ArrowUp";
      // The panel renders on the next frame.
      requestAnimationFrame(() => focusLink(last ? -1 : 0));
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      close(true);
    }
  };

  // On each link (only the links in the panel take focus, so every key pressed in it reaches one).
  const onLinkKeyDown = (event: KeyboardEvent<HTMLAnchorElement>) => {
    const all = links();
    const current = all.indexOf(document.activeElement as HTMLAnchorElement);
    switch (event.key) {
      case "Escape":
        event.preventDefault();
        close(true);
        break;
      case "ArrowDown":
        event.preventDefault();
        focusLink(current + 1);
        break;
      case "ArrowUp":
        event.preventDefault();
        focusLink(current - 1);
        break;
      case "Home":
        event.preventDefault();
        focusLink(0);
        break;
      case "End":
        event.preventDefault();
        focusLink(-1);
        break;
    }
  };

  return (
    <div
      ref={rootRef}
      className={cn("relative", className)}
      onBlur={(event) => {
        if (open && !event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        disabled={!hydrated}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={onButtonKeyDown}
        className={cn(navItemClass(active), "gap-1")}
      >
        Services
        <ChevronDown aria-hidden="true" className={cn("size-4 transition-transform", open && "rotate-180")} />
      </button>
      <ServicesPanel
        panelRef={panelRef}
        panelId={panelId}
        open={open}
        onLinkKeyDown={onLinkKeyDown}
        onChoose={() => setOpen(false)}
      />
    </div>
  );
}

interface ServicesPanelProps {
  panelRef: RefObject<HTMLDivElement>;
  panelId: string;
  open: boolean;
  onLinkKeyDown: (event: KeyboardEvent<HTMLAnchorElement>) => void;
  /** A link was followed: the panel closes. */
  onChoose: () => void;
}

/** The dropdown's panel: a link to each service, then to all of them. */
function ServicesPanel({ panelRef, panelId, open, onLinkKeyDown, onChoose }: ServicesPanelProps) {
  return (
    <div
      ref={panelRef}
      id={panelId}
      hidden={!open}
      className="absolute left-1/2 top-full z-50 mt-2 w-[40rem] -translate-x-1/2 animate-menu-in rounded-xl border border-slate-200 bg-white p-3 shadow-xl shadow-brand-900/10"
    >
      <ul className="grid grid-cols-2 gap-1">
        {services.map((service) => {
          const Icon = serviceIcons[service.slug];
          return (
            <li key={service.slug}>
              <NavLink
                to={service.path}
                prefetch="intent"
                onKeyDown={onLinkKeyDown}
                onClick={() => {
                  onChoose();
                  scrollToTopIfSamePage(service.path);
                }}
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
            onKeyDown={onLinkKeyDown}
            onClick={() => {
              onChoose();
              scrollToTopIfSamePage("/services");
            }}
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
