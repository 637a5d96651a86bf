/**
 * The browser entry of the public pages that carry none of the app's scripts
 * (docs/decisions/025-public-pages-without-app-scripts.md), built by web/vite.site.config.ts and
 * imported by the page's one inline module script (components/site/site-script.tsx). A few
 * kilobytes: the header menus' keyboard manners, the contact and sign-in forms' manners after a
 * post (features/contact/contact-draft.ts, features/auth/login-document.ts), and the chat launcher, which imports the chat
 * (features/chat/widget/chat-on-page.tsx) when the visitor points at, focuses or taps the button,
 * or once the page is idle when this tab's chat was open or the browser holds a conversation.
 */
import { enhanceMenus } from "~/components/site/header-menus";
import { enhanceLoginPage } from "~/features/auth/login-document";
import { importOnce } from "~/features/chat/widget/import-once";
import { hasConversation, readOpen, writeOpen } from "~/features/chat/widget/storage";
import { keepUnansweredContact } from "~/features/contact/contact-draft";

const header = document.querySelector<HTMLElement>("body > header");
if (header) enhanceMenus(header);

// The forms of /contact and /login, plain forms here: what the app's pages do after their posts.
if (window.location.pathname === "/contact") keepUnansweredContact();
if (window.location.pathname === "/login") enhanceLoginPage();

const loadChat = importOnce(() => import("~/features/chat/widget/chat-on-page"));

const slot = document.getElementById("chat-widget-slot");
const button = document.getElementById("chat-launcher");
if (slot && button instanceof HTMLButtonElement) {
  const [idleIcon, busyIcon] = Array.from(button.children);
  let mounted = false;
  const mount = (tapped: boolean) =>
    loadChat().then((module) => {
      if (mounted) return;
      mounted = true;
      module.mountChat(slot, { tapped });
    });

  button.hidden = false;
  const warm = () =>
    void loadChat()
      .then((module) => module.preloadPanel())
      .catch(() => {});
  button.addEventListener("pointerenter", warm);
  button.addEventListener("focus", warm);
  button.addEventListener("click", () => {
    // Opened from the first tap: the chat's code arriving is shown, and the chat opens when it has.
    writeOpen(true);
    button.setAttribute("aria-busy", "true");
    idleIcon?.classList.add("hidden");
    busyIcon?.classList.remove("hidden");
    warm();
    mount(true).catch(() => {
      // The chat could not be loaded: the contact page has the phone and the form.
      writeOpen(false);
      window.location.assign("/contact");
    });
  });

  if (readOpen() || hasConversation()) {
    const soon = () => void mount(false).catch(() => {});
    if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(soon, { timeout: 2000 });
    else setTimeout(soon, 200);
  }
}
