import { clsx as cn } from "clsx";
import { BRAND_MARK } from "@app/shared/brand-mark";
import { useBusinessFacts } from "~/utils/business-facts";

/** The brand mark: a lightning bolt in a rounded shield, drawn inline (no image request), from the one drawing. */
function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox={BRAND_MARK.viewBox} aria-hidden="true" focusable="false" className={cn("size-9 shrink-0", className)}>
      {BRAND_MARK.paths.map((path) => (
        <path key={path.d} d={path.d} fill={path.fill} />
      ))}
    </svg>
  );
}

/** "Bayou Current" over a small "ELECTRIC", read from the business name. */
export function Logo({ inverse = false, compact = false }: { inverse?: boolean; compact?: boolean }) {
  const business = useBusinessFacts();
  const suffix = business.name.slice(business.shortName.length).trim();
  return (
    <span className="flex items-center gap-2.5">
      <LogoMark />
      {/* The name on one line and "ELECTRIC" under it, however narrow the bar: never three lines. */}
      <span className={cn("flex flex-col leading-none whitespace-nowrap", compact && "max-sm:sr-only")}>
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
