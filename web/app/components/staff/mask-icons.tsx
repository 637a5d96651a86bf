import type { HTMLAttributes, JSX } from "react";
import { cn } from "~/utils/cn";
import { maskIconNames, type MaskIconName } from "./mask-icon-names";

/**
 * The dispatch board's card icons (mask-icon-names.ts says why masks): one element each, painted in
 * the text's colour through its drawing (mask-icons.css), 24px unless a size class says otherwise.
 * Give it `aria-hidden="true"` where it only decorates, as every use does.
 */
export type MaskIcon = ((props: HTMLAttributes<HTMLSpanElement>) => JSX.Element) & { displayName?: string };

function maskIcon(name: MaskIconName): MaskIcon {
  const drawing = maskIconNames[name];
  const Icon: MaskIcon = ({ className, ...props }) => (
    <span {...props} className={cn("mask-icon", `i-${drawing}`, className)} />
  );
  Icon.displayName = name;
  return Icon;
}

export const ChevronRight = maskIcon("ChevronRight");
export const GripVertical = maskIcon("GripVertical");
export const Siren = maskIcon("Siren");
export const TriangleAlert = maskIcon("TriangleAlert");
