import type { MetaDescriptor } from "@remix-run/node";
import { business } from "@app/shared/business";
import { ACCESS_DENIED_TITLE } from "./notices";

/** <title> and noindex for a staff page; the Access Denied title when its guard refused. */
export function adminMeta(title: string, error?: unknown): MetaDescriptor[] {
  return [
    { title: `${error ? ACCESS_DENIED_TITLE : title} | ${business.name}` },
    { name: "robots", content: "noindex" },
  ];
}
