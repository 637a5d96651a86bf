import { forwardRef, type HTMLAttributes } from "react";
import { cn } from "~/utils/cn";

const tones = {
  info: "border-brand-100 bg-brand-50 text-brand-900",
  success: "border-green-200 bg-green-50 text-green-900",
  destructive: "border-red-200 bg-red-50 text-red-900",
  warning: "border-amber-200 bg-amber-50 text-amber-900",
} as const;

export const Alert = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement> & { tone?: keyof typeof tones }>(
  function Alert({ tone = "info", className, ...props }, ref) {
    return <div ref={ref} className={cn("rounded-lg border p-4 text-sm", tones[tone], className)} {...props} />;
  },
);
