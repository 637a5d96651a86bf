import { Loader2, MessageCircle } from "lucide-react";
import { ChatLauncher, LAUNCHER_CLASS } from "./widget/chat-launcher";

/**
 * Where the floating chat assistant mounts (docs/product.md#site-wide: a chat widget on every
 * page), in the root layout so the conversation survives the app's own navigations. Only the
 * small launcher button is part of the page's first load; the panel and socket.io-client are a
 * separate chunk that the launcher imports on first open or when the browser is idle
 * (web/app/features/chat/widget).
 *
 * On a page without the app's scripts (`onPage`, docs/decisions/025-public-pages-without-app-scripts.md)
 * the button is plain HTML, hidden until the site's own script (web/app/entry.site.ts) shows it; that
 * script imports the chat (chat-on-page.tsx) when the visitor reaches for the button, or at once when this
 * tab's chat was open or the browser holds a conversation, and the chat then takes the slot over.
 */
export function ChatWidgetSlot({ onPage, texting }: { onPage: boolean; texting: boolean }) {
  // `data-texting`: the chat's booking form offers "Text me about my visits" (read by chat-on-page.tsx too).
  return (
    <div id="chat-widget-slot" data-texting={texting ? "on" : undefined}>
      {onPage ? <PageLauncher /> : <ChatLauncher texting={texting} />}
    </div>
  );
}

/** The launcher as HTML, for the site's script to wake (web/app/entry.site.ts). */
function PageLauncher() {
  return (
    <button
      type="button"
      id="chat-launcher"
      aria-label="Open chat"
      aria-expanded="false"
      aria-haspopup="dialog"
      hidden
      className={LAUNCHER_CLASS}
    >
      <MessageCircle aria-hidden="true" className="size-6" />
      <Loader2 aria-hidden="true" className="hidden size-6 animate-spin" />
    </button>
  );
}
