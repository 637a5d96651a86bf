import { Link, NavLink } from "@remix-run/react";
import { Phone, Zap } from "lucide-react";
import { business } from "@app/shared/business";

const nav = [
  { to: "/", label: "Home" },
  { to: "/about", label: "About" },
  { to: "/services", label: "Services" },
  { to: "/contact", label: "Contact" },
];

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Link to="/" className="flex items-center gap-2 font-bold text-brand-800">
          <Zap aria-hidden="true" className="size-6 text-accent-500" />
          {business.name}
        </Link>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {nav.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === "/"}
                  className={({ isActive }) =>
                    `rounded-md px-3 py-2 text-sm font-medium ${isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100"}`
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <a href={business.phoneHref} className="inline-flex items-center gap-2 rounded-md bg-accent-400 px-3 py-2 text-sm font-semibold text-slate-900">
          <Phone aria-hidden="true" className="size-4" />
          <span>Call {business.phone}</span>
        </a>
      </div>
    </header>
  );
}
