/**
 * The production build's not-found page speaks to a visitor (docs/product.md#site-wide): "Page not
 * found" with the ways on (home, services, contact, the phone number), answered 404, and never a
 * developer's hint.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { business } from "@app/shared/business";
import { productionEnv, startStack, type Stack } from "../support/stack";

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ name: "notfound", env: productionEnv(), workers: 0 });
});
afterAll(async () => {
  await stack?.stop();
});

describe("an address no page answers, in production", () => {
  it.each([["/no-such-page/anywhere"], ["/services/plumbing"], ["/contact/old-form.php"]])(
    "%s answers 404 with the not-found page",
    async (path) => {
      const res = await fetch(`${stack.url}${path}`);
      expect(res.status).toBe(404);
      // (React's markers between a text and what is rendered into it: `Call <!-- -->(225) 555-0142`.)
      const html = (await res.text()).replaceAll("<!-- -->", "");
      expect(html).toContain(`<title>Page not found | ${business.name}</title>`);
      expect(html).toMatch(/<h1[^>]*>Page not found<\/h1>/);
      expect(html).toContain('name="robots" content="noindex"');
      for (const href of ["/", "/services", "/contact", business.phoneHref])
        expect(html, href).toContain(`href="${href}"`);
      expect(html).toContain(`Call ${business.phone}`);
      // Remix's development hint, which once reached visitors.
      expect(html).not.toMatch(/did you forget|add the page to the router/i);
    },
  );
});
