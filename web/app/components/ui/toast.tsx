/**
 * Toasts (Radix Toast): the styled primitives and <ToastRegion />, which renders
 * what `toast()` queued. root.tsx mounts it through <Toaster /> (toaster.tsx),
 * which loads this module only when the first toast is shown, so pages that
 * never toast ship none of it. Usage anywhere:
 *
 *   import { toast } from "~/components/ui/use-toast";
 *   toast({ title: "Success", description: "Booking created successfully" });
 *   toast({ variant: "destructive", title: "Error", description: message });
 *
 * One toast at a time, 5 s each, swipe right past 50 px to dismiss, F8 jumps
 * to the notifications region (docs/product.md#notices-and-toasts).
 */
import { cva, type VariantProps } from "class-variance-authority";
import { X } from "lucide-react";
import { forwardRef, type ComponentPropsWithoutRef, type ElementRef } from "react";
import { Toast as ToastPrimitive } from "radix-ui";
import { cn } from "~/utils/cn";
import { dismissToast, TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD_PX, useToast } from "./use-toast";

const ToastProvider = ToastPrimitive.Provider;

const ToastViewport = forwardRef<
  ElementRef<typeof ToastPrimitive.Viewport>,
  ComponentPropsWithoutRef<typeof ToastPrimitive.Viewport>
>(({ className, ...props }, ref) => (
  <ToastPrimitive.Viewport
    ref={ref}
    className={cn(
      "fixed bottom-0 right-0 z-[100] m-0 flex max-h-screen w-full list-none flex-col gap-2 p-4 outline-none sm:max-w-[26rem]",
      className,
    )}
    {...props}
  />
));
ToastViewport.displayName = "ToastViewport";

const toastVariants = cva(
  "group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-lg border p-4 pr-10 shadow-lg " +
    "data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out " +
    "data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform " +
    "data-[swipe=end]:animate-toast-out",
  {
    variants: {
      variant: {
        default: "border-slate-200 bg-white text-slate-900",
        destructive: "destructive border-red-800 bg-destructive text-white",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

const Toast = forwardRef<
  ElementRef<typeof ToastPrimitive.Root>,
  ComponentPropsWithoutRef<typeof ToastPrimitive.Root> & VariantProps<typeof toastVariants>
>(({ className, variant, ...props }, ref) => (
  <ToastPrimitive.Root ref={ref} className={cn(toastVariants({ variant }), className)} {...props} />
));
Toast.displayName = "Toast";

const ToastTitle = forwardRef<
  ElementRef<typeof ToastPrimitive.Title>,
  ComponentPropsWithoutRef<typeof ToastPrimitive.Title>
>(({ className, ...props }, ref) => (
  <ToastPrimitive.Title ref={ref} className={cn("text-sm font-bold", className)} {...props} />
));
ToastTitle.displayName = "ToastTitle";

const ToastDescription = forwardRef<
  ElementRef<typeof ToastPrimitive.Description>,
  ComponentPropsWithoutRef<typeof ToastPrimitive.Description>
>(({ className, ...props }, ref) => (
  <ToastPrimitive.Description ref={ref} className={cn("mt-1 text-sm opacity-90", className)} {...props} />
));
ToastDescription.displayName = "ToastDescription";

/** A button inside a toast; `altText` tells screen-reader users how to do the same thing another way. */
const ToastAction = forwardRef<
  ElementRef<typeof ToastPrimitive.Action>,
  ComponentPropsWithoutRef<typeof ToastPrimitive.Action>
>(({ className, ...props }, ref) => (
  <ToastPrimitive.Action
    ref={ref}
    className={cn(
      "inline-flex h-11 shrink-0 items-center rounded-md border border-slate-300 px-3 text-sm font-semibold hover:bg-slate-100 group-[.destructive]:border-white/40 group-[.destructive]:hover:bg-red-800",
      className,
    )}
    {...props}
  />
));
ToastAction.displayName = "ToastAction";

const ToastClose = forwardRef<
  ElementRef<typeof ToastPrimitive.Close>,
  ComponentPropsWithoutRef<typeof ToastPrimitive.Close>
>(({ className, ...props }, ref) => (
  <ToastPrimitive.Close
    ref={ref}
    aria-label="Close notification"
    className={cn(
      "absolute right-2 top-2 inline-flex size-7 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900 group-[.destructive]:text-white group-[.destructive]:hover:bg-red-800",
      className,
    )}
    {...props}
  >
    <X aria-hidden="true" className="size-4" />
  </ToastPrimitive.Close>
));
ToastClose.displayName = "ToastClose";

/** The notifications region and the queued toasts (mounted once, by <Toaster /> in root.tsx). */
export default function ToastRegion() {
  const { toasts } = useToast();
  return (
    <ToastProvider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label="Notification"
    >
      {toasts.map(({ id, title, description, action, variant, duration, open }) => (
        <Toast
          key={id}
          open={open}
          duration={duration}
          variant={variant}
          onOpenChange={(next) => {
            if (!next) dismissToast(id);
          }}
        >
          <div className="grid gap-1">
            {title ? <ToastTitle>{title}</ToastTitle> : null}
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          {action}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport hotkey={TOAST_HOTKEY} label="Notifications ({hotkey})" />
    </ToastProvider>
  );
}
