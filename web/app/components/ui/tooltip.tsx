/**
 * Tooltips (Radix Tooltip) with the product's timings: open after 700 ms, and a
 * 300 ms skip delay while moving between triggers (docs/product.md#notices-and-toasts).
 *
 * Screens with several tooltips mount one <TooltipProvider> around them so
 * the skip delay is shared. A <Tooltip> outside any provider provides for
 * itself with the same timings, so a tooltip always works. The provider is
 * deliberately not in root.tsx: the public pages have no tooltips, and Radix
 * Tooltip (with its positioning engine) would add ~20 KB to every one of them.
 * A tooltip only supplements a control's own accessible name.
 */
import { createContext, forwardRef, useContext, type ComponentPropsWithoutRef, type ElementRef, type ReactNode } from "react";
import { Tooltip as TooltipPrimitive } from "radix-ui";
import { cn } from "~/utils/cn";

export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

const InsideProvider = createContext(false);

export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <TooltipPrimitive.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      <InsideProvider.Provider value={true}>{children}</InsideProvider.Provider>
    </TooltipPrimitive.Provider>
  );
}

export function Tooltip(props: ComponentPropsWithoutRef<typeof TooltipPrimitive.Root>) {
  const root = <TooltipPrimitive.Root {...props} />;
  return useContext(InsideProvider) ? root : <TooltipProvider>{root}</TooltipProvider>;
}

export const TooltipTrigger = TooltipPrimitive.Trigger;

export const TooltipContent = forwardRef<ElementRef<typeof TooltipPrimitive.Content>, ComponentPropsWithoutRef<typeof TooltipPrimitive.Content>>(
  ({ className, sideOffset = 6, ...props }, ref) => (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        ref={ref}
        sideOffset={sideOffset}
        className={cn("z-50 max-w-xs rounded-md bg-slate-900 px-3 py-1.5 text-xs font-medium text-white shadow-md animate-menu-in", className)}
        {...props}
      />
    </TooltipPrimitive.Portal>
  ),
);
TooltipContent.displayName = "TooltipContent";
