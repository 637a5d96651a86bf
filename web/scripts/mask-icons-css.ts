/**
 * Writes web/app/components/staff/mask-icons.css: each icon of the dispatch board's cards
 * (web/app/components/staff/mask-icon-names.ts) as a CSS mask of its lucide drawing, so a card
 * carries one empty element per icon (web/app/components/staff/mask-icons.tsx).
 *
 *   npm run icons -w web        after adding an icon to mask-icon-names.ts
 *
 * `mask-icons-css.test.ts` fails when the file and the list differ.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { maskIconNames } from "../app/components/staff/mask-icon-names";

type IconNode = Array<[string, Record<string, string | number>]>;

export const ICONS_CSS = path.resolve(import.meta.dirname, "../app/components/staff/mask-icons.css");

/** One lucide drawing as an SVG document, stroked in black (the mask's opaque part). */
function svg(node: IconNode) {
  const shapes = node
    .map(([tag, attributes]) => {
      const attrs = Object.entries(attributes)
        .filter(([name]) => name !== "key")
        .map(([name, value]) => `${name}='${value}'`)
        .join(" ");
      return `<${tag} ${attrs}/>`;
    })
    .join("");
  return `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='black' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'>${shapes}</svg>`;
}

const dataUrl = (document: string) =>
  `url("data:image/svg+xml,${document.replace(/[<>#%"]/g, (c) => encodeURIComponent(c))}")`;

export async function maskIconsCss(): Promise<string> {
  const rules: string[] = [];
  for (const drawing of [...new Set(Object.values(maskIconNames))].sort()) {
    const { __iconData } = (await import(`lucide-react/icons/${drawing}`)) as { __iconData: { node: IconNode } };
    rules.push(`.i-${drawing} {\n  --icon: ${dataUrl(svg(__iconData.node))};\n}`);
  }
  return [
    "/* Written by `npm run icons -w web` (web/scripts/mask-icons-css.ts) from mask-icon-names.ts: do not edit. */",
    "@layer components {",
    "  .mask-icon {",
    "    display: block;",
    "    flex-shrink: 0;",
    "    width: 24px;",
    "    height: 24px;",
    "    vertical-align: middle;",
    "    background-color: currentColor;",
    "    mask: var(--icon) center / contain no-repeat;",
    "  }",
    "}",
    ...rules,
    "",
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(ICONS_CSS, await maskIconsCss());
  console.log(`written ${path.relative(process.cwd(), ICONS_CSS)}`);
}
