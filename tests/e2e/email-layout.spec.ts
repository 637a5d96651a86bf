import { expect, test } from "@playwright/test";
import { emailSamples } from "../support/email-samples";

/**
 * Every email the outbox sends, opened on a phone (390×844, as a phone's mail app shows HTML: it
 * honours the viewport meta and zooms out on what is wider than the screen). A fixed 600 px table
 * made the phone zoom out to about 0.6, and the 16 px body text read at about 9 px
 * (docs/product.md#emails). What the eye gets is measured: the zoom the page needs, and each
 * text's size after it.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, javaScriptEnabled: true });

for (const [kind, variants] of Object.entries(emailSamples()))
  for (const { name, email } of variants)
    test(`${kind} (${name}) reads at its size on a phone`, async ({ page }) => {
      await page.setContent(email.html);
      const seen = await page.evaluate(() => {
        const scale = window.visualViewport?.scale ?? 1;
        const texts: Array<{ text: string; px: number; fine: boolean }> = [];
        for (const el of Array.from(document.body.querySelectorAll<HTMLElement>("*"))) {
          const own = Array.from(el.childNodes)
            .filter((n) => n.nodeType === Node.TEXT_NODE)
            .map((n) => n.textContent ?? "")
            .join("")
            .trim();
          if (!own || el.getClientRects().length === 0) continue;
          texts.push({
            text: own.slice(0, 40),
            // What the eye gets: the size the text is laid out at, times the zoom the phone shows the page at.
            px: parseFloat(getComputedStyle(el).fontSize) * scale,
            fine: el.closest(".fine-print") !== null,
          });
        }
        const buttons = Array.from(document.querySelectorAll<HTMLAnchorElement>("a[href]"))
          .filter((a) => getComputedStyle(a).display === "inline-block")
          .map((a) => ({ label: a.textContent ?? "", height: a.getBoundingClientRect().height * scale }));
        return {
          overflow: document.documentElement.scrollWidth - window.innerWidth,
          scale,
          viewport: document.querySelector('meta[name="viewport"]')?.getAttribute("content") ?? "",
          texts,
          buttons,
        };
      });
      expect(seen.viewport).toContain("width=device-width");
      // Nothing wider than the phone: no sideways scrolling, and no zooming out.
      expect(seen.overflow, "the email is wider than the screen").toBeLessThanOrEqual(0);
      expect(seen.scale).toBeGreaterThanOrEqual(1);
      // Body text at 16 px; fine print and the footer at 14 px, never under.
      const small = seen.texts.filter((t) => t.px < (t.fine ? 14 : 16));
      expect(small, "text smaller than 16 px (14 px for fine print)").toEqual([]);
      expect(seen.texts.filter((t) => !t.fine).length).toBeGreaterThan(0);
      // Buttons a thumb can find.
      for (const button of seen.buttons) expect(button.height, button.label).toBeGreaterThanOrEqual(44);
    });
