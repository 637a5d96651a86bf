/**
 * The chat on a page without the app's scripts (docs/decisions/025-public-pages-without-app-scripts.md):
 * a chunk of its own, which the site's script (web/app/entry.site.ts) imports when the
 * visitor reaches for the chat button, or at once when this tab's chat was open or the browser holds
 * a conversation. It renders the same launcher and panel as the app does, in their own React root,
 * over the slot's plain button.
 */
import { createRoot } from "react-dom/client";
import { ChatLauncher, loadPanel } from "./chat-launcher";

/** Takes the slot over; `tapped` when the visitor opened the chat (the panel then takes focus). */
export function mountChat(slot: HTMLElement, { tapped }: { tapped: boolean }) {
  const buttonHadFocus = document.activeElement?.id === "chat-launcher";
  // The slot says whether texts are set up (web/app/features/chat/chat-widget-slot.tsx).
  createRoot(slot).render(<ChatLauncher tapped={tapped} texting={slot.dataset.texting === "on"} />);
  // Someone on the button with the keyboard stays on it (React put a new one in its place).
  if (buttonHadFocus && !tapped) requestAnimationFrame(() => document.getElementById("chat-launcher")?.focus());
}

/** The panel's code, fetched while the visitor points at or focuses the button: the launcher's own import. */
export const preloadPanel = loadPanel;
