/**
 * The brand mark (a lightning bolt in a rounded shield) as vector paths on a 32×32 grid: the site's
 * header draws it inline (web/app/components/site/logo.tsx) and the estimate PDF draws it in its
 * letterhead (worker/src/estimate-pdf.ts), from these same paths. web/public/logo.svg is the same
 * drawing for what links to a file.
 */
export const BRAND_MARK = {
  viewBox: "0 0 32 32",
  paths: [
    { d: "M16 1.5 28 6v9.5c0 7.6-5.1 13.2-12 15-6.9-1.8-12-7.4-12-15V6z", fill: "#1e3a8a" },
    { d: "M16 4.3 25.5 8v7.5c0 6.1-4 10.8-9.5 12.4-5.5-1.6-9.5-6.3-9.5-12.4V8z", fill: "#1e40af" },
    { d: "M18.2 6.5 10.5 17.6h5.1l-2.1 8.4 8.3-11.9h-5.3z", fill: "#facc15" },
  ],
} as const;
