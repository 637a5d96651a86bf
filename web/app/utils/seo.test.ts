import { describe, expect, it } from "vitest";
import { business, services } from "@app/shared/business";
import { absoluteUrl, breadcrumbJsonLd, electricianJsonLd, pageMeta, publicPaths, serializeJsonLd } from "./seo";

const matches = [{ id: "root", data: { appUrl: "https://www.example.com/", user: null } }];

describe("seo helpers", () => {
  it("builds the canonical URL and social tags from the root loader's appUrl", () => {
    const meta = pageMeta(matches, {
      title: "Panel Upgrades",
      description: "Replace an old panel.",
      path: "/services/panel-upgrades",
    });
    expect(meta).toContainEqual({ title: "Panel Upgrades" });
    expect(meta).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://www.example.com/services/panel-upgrades",
    });
    expect(meta).toContainEqual({ property: "og:url", content: "https://www.example.com/services/panel-upgrades" });
    expect(meta).toContainEqual({ name: "twitter:card", content: "summary" });
    expect(absoluteUrl("https://www.example.com", "/")).toBe("https://www.example.com/");
  });

  it("escapes JSON-LD so text can never close its <script>", () => {
    const text = serializeJsonLd({ name: "</script><script>alert(1)</script> & more" });
    expect(text).not.toMatch(/[<>&]/);
    expect(JSON.parse(text)).toEqual({ name: "</script><script>alert(1)</script> & more" });
  });

  it("describes the business from the shared facts, without review markup", () => {
    const ld = electricianJsonLd("https://www.example.com");
    expect(ld["@type"]).toBe("Electrician");
    expect(ld.telephone).toBe(business.phoneE164);
    expect(ld.areaServed.map((a) => a.name)).toEqual(business.serviceAreas.map((a) => a.name));
    expect(ld.openingHoursSpecification).toHaveLength(business.hours.filter((h) => h.opens).length);
    expect(JSON.stringify(ld)).not.toMatch(/Rating|Review/);
  });

  it("lists breadcrumbs with absolute URLs and the public pages for the sitemap", () => {
    const crumbs = breadcrumbJsonLd("https://www.example.com", [
      { name: "Home", path: "/" },
      { name: "Services", path: "/services" },
    ]);
    expect(crumbs.itemListElement[1]).toEqual({
      "@type": "ListItem",
      position: 2,
      name: "Services",
      item: "https://www.example.com/services",
    });
    expect(publicPaths).toEqual([
      "/",
      "/about",
      "/services",
      ...services.map((s) => s.path),
      "/contact",
      "/book",
      "/plans",
    ]);
  });
});
