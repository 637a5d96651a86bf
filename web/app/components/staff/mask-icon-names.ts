/**
 * The icons the dispatch board's cards draw, by the name of their lucide drawing. A week's board
 * shows hundreds of cards, so each icon is one empty element painted through its drawing as a CSS
 * mask (`mask-icons.css`, written from this list by `npm run icons -w web`; a test keeps the two in
 * step) rather than an inline SVG of several elements: the busiest week's page went from 935 to
 * 554 KB with them (docs/benchmarks.md). The public pages draw theirs inline
 * (components/site/icons.tsx).
 */
export const maskIconNames = {
  ChevronRight: "chevron-right",
  GripVertical: "grip-vertical",
  Siren: "siren",
  TriangleAlert: "triangle-exclamation-point",
} as const;

export type MaskIconName = keyof typeof maskIconNames;
