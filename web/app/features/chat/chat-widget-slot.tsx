import { ChatLauncher } from "./widget/chat-launcher";

/**
 * Where the floating chat assistant mounts (docs/product.md#site-wide: a chat widget on every
 * page), in the root layout so the conversation survives client-side
 * navigation. Only the small launcher button is part of the page's first
 * load; the panel and socket.io-client are a separate chunk that the launcher
 * imports on first open or when the browser is idle
 * (web/app/features/chat/widget).
 */
export function ChatWidgetSlot() {
  return (
    <div id="chat-widget-slot">
      <ChatLauncher />
    </div>
  );
}
