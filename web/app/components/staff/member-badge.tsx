import { memberLabel, type MemberMark } from "@app/shared/plans/member-marks";
import { cn } from "~/utils/cn";

/**
 * A member's mark (docs/product.md#plans): "Member: Generator Care", or, `short` (a dispatch card), "Member" with
 * the plans in its accessible name and its tooltip. Not a control: no target size; it wraps rather than widening a
 * phone's page.
 */
export function MemberBadge({ mark, short, className }: { mark: MemberMark; short?: boolean; className?: string }) {
  const label = memberLabel(mark);
  return (
    <span
      title={short ? label : undefined}
      className={cn(
        "inline-block max-w-full rounded bg-emerald-100 px-1.5 py-0.5 align-middle text-xs font-medium text-emerald-900 wrap-anywhere",
        className,
      )}
    >
      {short ? (
        <>
          Member<span className="sr-only">{`: ${mark.plans.join(", ")}`}</span>
        </>
      ) : (
        label
      )}
    </span>
  );
}
