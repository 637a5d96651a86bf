import { lazy, Suspense, useState } from "react";
import { useToast } from "./use-toast";

// Radix Toast and its styles load with the first toast, not with every page.
const ToastRegion = lazy(() => import("./toast"));

/**
 * The toast viewport, mounted once in root.tsx. Renders nothing until
 * something calls `toast()`; from then on the Radix region (F8 hotkey, swipe,
 * timers) stays mounted for the rest of the visit.
 */
export function Toaster() {
  const { toasts } = useToast();
  // Once needed, always needed: set while rendering, the first time a toast is there.
  const [needed, setNeeded] = useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);
  if (!needed && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  );
}
