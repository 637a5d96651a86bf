import { cva } from "class-variance-authority";

/**
 * The button look, usable on links too. Kept apart from <Button> so a page
 * that only styles links with it ships no class-merging code.
 */
export const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        default: "bg-brand-700 text-white hover:bg-brand-800",
        accent: "bg-accent-400 text-slate-900 hover:bg-accent-500",
        destructive: "bg-destructive text-white hover:bg-red-800",
        outline: "border border-slate-300 bg-white text-slate-900 hover:bg-slate-100",
        secondary: "bg-slate-100 text-slate-900 hover:bg-slate-200",
        ghost: "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
        link: "text-brand-700 underline-offset-4 hover:underline",
        /** On dark bands: a solid white button, and a white outline one. */
        inverse: "bg-white text-brand-900 hover:bg-brand-50",
        "outline-inverse": "border-2 border-white/80 text-white hover:bg-white hover:text-brand-900",
      },
      // At least 44×44 px on a phone (docs/product.md#site-wide); a small button is small only where a mouse is likely.
      size: {
        default: "h-11 px-4 py-2",
        sm: "h-11 px-3 sm:h-9",
        lg: "h-12 px-6 text-base",
        icon: "size-11",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);
