import { lazy, Suspense, useEffect, useState } from "react";
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
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (toasts.length > 0) setNeeded(true);
  }, [toasts.length]);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  );
}
