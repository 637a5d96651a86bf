import { clsx as cn } from "clsx";
import { useBusinessFacts } from "~/utils/business-facts";

/** The brand mark: a lightning bolt in a rounded shield, drawn inline (no image request). */
function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={cn("size-9 shrink-0", className)}>
      <path d="M16 1.5 28 6v9.5c0 7.6-5.1 13.2-12 15-6.9-1.8-12-7.4-12-15V6z" fill="#1e3a8a" />
      <path d="M16 4.3 25.5 8v7.5c0 6.1-4 10.8-9.5 12.4-5.5-1.6-9.5-6.3-9.5-12.4V8z" fill="#1e40af" />
      <path d="M18.2 6.5 10.5 17.6h5.1l-2.1 8.4 8.3-11.9h-5.3z" fill="#facc15" />
    </svg>
  );
}

/** "Bayou Current" over a small "ELECTRIC", read from the business name. */
export function Logo({ inverse = false }: { inverse?: boolean }) {
  const business = useBusinessFacts();
  const suffix = business.name.slice(business.shortName.length).trim();
  return (
    <span className="flex items-center gap-2.5">
      <LogoMark />
      <span className="flex flex-col leading-none">
        <span className={cn("text-lg font-extrabold tracking-tight", inverse ? "text-white" : "text-brand-900")}>
          {business.shortName}
        </span>
        {suffix ? (
          <span
            className={cn(
              "text-xs font-semibold uppercase tracking-[0.2em]",
              inverse ? "text-accent-300" : "text-brand-700",
            )}
          >
            {" "}
            {suffix}
          </span>
        ) : null}
        <span className="sr-only"> home</span>
      </span>
    </span>
  );
}
