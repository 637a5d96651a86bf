/**
 * The always-present part of the chat widget: the round floating button.
 * Everything else (the panel, the conversation logic and socket.io-client)
 * is a separate chunk, imported when the visitor points at, focuses or opens
 * the button (or, for a tab that already holds a conversation, when the
 * browser is idle after load), so the widget adds almost nothing to the page's load.
 */
import { Loader2, MessageCircle, X } from "lucide-react";
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type RefObject,
} from "react";
import { importOnce } from "./import-once";
import { hasConversation, readOpen, writeOpen } from "./storage";
import { useEscapeWithin } from "./use-escape-within";
import type { ChatPanelProps } from "./types";
import { useBusinessFacts } from "~/utils/business-facts";
import { useHydrated } from "~/utils/use-hydrated";

type PanelModule = { default: ComponentType<ChatPanelProps> };

/** The panel's code, one import for the page (also fetched ahead by chat-on-page.tsx on a page without the app). */
export const loadPanel = importOnce<PanelModule>(() => import("./chat-panel"));

/** Runs `task` once the page has loaded and the main thread is idle. Returns a cancel function. */
function whenIdleAfterLoad(task: () => void): () => void {
  let cancelled = false;
  let idleHandle: number | undefined;
  let timeoutHandle: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === "function")
      idleHandle = window.requestIdleCallback(() => !cancelled && task(), { timeout: 5000 });
    else timeoutHandle = setTimeout(() => !cancelled && task(), 2000);
  };
  if (document.readyState === "complete") schedule();
  else window.addEventListener("load", schedule, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener("load", schedule);
    if (idleHandle !== undefined) window.cancelIdleCallback?.(idleHandle);
    if (timeoutHandle !== undefined) clearTimeout(timeoutHandle);
  };
}

const PANEL_ID = "chat-panel";

const noSubscription = () => () => {};
/** Whether the chat was open before a reload: read from sessionStorage once hydrated (closed on the server). */
const useOpenBeforeReload = () => useSyncExternalStore(noSubscription, readOpen, () => false);

/** The floating button's look, the same whether the app or the site's own script shows it (chat-widget-slot.tsx). */
export const LAUNCHER_CLASS =
  "fixed bottom-6 right-6 z-50 flex size-14 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg shadow-brand-900/25 ring-4 ring-white transition-[background-color,transform] hover:bg-brand-800 active:scale-95 max-sm:bottom-4 max-sm:right-4";

/**
 * `tapped`: mounted by the site's script because the visitor opened the chat (chat-on-page.tsx):
 * the panel takes focus as on a tap of this button.
 */
export function ChatLauncher({ tapped = false, texting = false }: { tapped?: boolean; texting?: boolean }) {
  // Open or closed as the visitor last chose on this page; until then, as it was before a reload.
  const openBeforeReload = useOpenBeforeReload();
  const [chosenOpen, setOpen] = useState<boolean | null>(null);
  const open = chosenOpen ?? openBeforeReload;
  const [Panel, setPanel] = useState<ComponentType<ChatPanelProps> | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [focusRequest, setFocusRequest] = useState(tapped ? 1 : 0);
  const [unread, setUnread] = useState(false);
  // The button works only with the page's code: until that has taken over it is not shown at all, so
  // without JavaScript nothing floats over the page (the contact page and the phone are in the header and footer).
  const hydrated = useHydrated();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const fallbackRef = useRef<HTMLDivElement>(null);
  const returnFocus = useRef(false);

  const ensurePanel = useCallback(() => {
    loadPanel().then(
      (module) => {
        setLoadFailed(false);
        setPanel(() => module.default);
      },
      (error: unknown) => {
        console.error("The chat could not be loaded", error);
        setLoadFailed(true);
      },
    );
  }, []);

  // After a reload: the panel at once if it was open (it reopens); when this tab holds a conversation,
  // once the browser is idle (it reconnects, so replies and staff messages still arrive). A visitor who
  // has not chatted loads it only when they point at, focus or open the button: the page's first load
  // stays free of the chat's code.
  useEffect(() => {
    if (readOpen()) {
      ensurePanel();
      return;
    }
    if (hasConversation()) return whenIdleAfterLoad(ensurePanel);
  }, [ensurePanel]);

  // Focus goes back to the button once the panel has closed (and the button is shown again on phones).
  useEffect(() => {
    if (!open && returnFocus.current) {
      returnFocus.current = false;
      buttonRef.current?.focus();
    }
  }, [open]);

  const close = useCallback(() => {
    returnFocus.current = true;
    setOpen(false);
    writeOpen(false);
  }, []);

  const show = () => {
    setOpen(true);
    writeOpen(true);
    setUnread(false);
    setFocusRequest((n) => n + 1);
    ensurePanel();
  };

  const onUnread = useCallback(() => setUnread(true), []);
  const loading = open && !Panel && !loadFailed;
  useEscapeWithin(fallbackRef, loadFailed && open && !Panel, close);

  return (
    <>
      <LauncherButton
        buttonRef={buttonRef}
        open={open}
        loading={loading}
        unread={unread}
        controlsPanel={Boolean(Panel) || loadFailed}
        hydrated={hydrated}
        onToggle={() => (open ? close() : show())}
        onEscape={close}
      />
      {/* A polite live region without role="status", so it never competes with a page's own status messages. */}
      <span aria-live="polite" className="sr-only">
        {unread && !open ? "New message in the chat" : ""}
      </span>

      {Panel ? (
        <Panel
          open={open}
          focusRequest={focusRequest}
          onClose={close}
          onUnread={onUnread}
          panelId={PANEL_ID}
          texting={texting}
        />
      ) : loadFailed && open ? (
        <LoadFailed fallbackRef={fallbackRef} onRetry={ensurePanel} />
      ) : null}
    </>
  );
}

interface LauncherButtonProps {
  buttonRef: RefObject<HTMLButtonElement>;
  open: boolean;
  loading: boolean;
  unread: boolean;
  /** The panel (or its failure notice) is on the page for the button to name. */
  controlsPanel: boolean;
  hydrated: boolean;
  onToggle: () => void;
  onEscape: () => void;
}

function LauncherButton(props: LauncherButtonProps) {
  const { buttonRef, open, loading, unread, controlsPanel, hydrated, onToggle, onEscape } = props;
  return (
    <button
      ref={buttonRef}
      type="button"
      id="chat-launcher"
      aria-label="Open chat"
      aria-expanded={open}
      aria-haspopup="dialog"
      aria-controls={controlsPanel ? PANEL_ID : undefined}
      aria-busy={loading || undefined}
      hidden={!hydrated}
      onClick={onToggle}
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) onEscape();
      }}
      onPointerEnter={() => void loadPanel().catch(() => {})}
      onFocus={() => void loadPanel().catch(() => {})}
      className={LAUNCHER_CLASS + (open ? " max-sm:hidden" : "")}
    >
      {loading ? (
        <Loader2 aria-hidden="true" className="size-6 animate-spin" />
      ) : open ? (
        <X aria-hidden="true" className="size-6" />
      ) : (
        <MessageCircle aria-hidden="true" className="size-6" />
      )}
      {unread && !open ? (
        <span
          aria-hidden="true"
          className="absolute right-0.5 top-0.5 size-3.5 rounded-full bg-accent-400 ring-2 ring-white"
        />
      ) : null}
    </button>
  );
}

/** In place of the panel when its code could not be loaded (offline, a new deploy): the phone, and a retry. */
function LoadFailed({ fallbackRef, onRetry }: { fallbackRef: RefObject<HTMLDivElement>; onRetry: () => void }) {
  const business = useBusinessFacts();
  return (
    <div
      ref={fallbackRef}
      id={PANEL_ID}
      role="dialog"
      aria-modal="false"
      aria-label={`${business.name} Chat`}
      className="fixed bottom-24 right-6 z-50 w-80 rounded-2xl bg-white p-4 text-sm text-slate-800 shadow-2xl ring-1 ring-slate-900/10 max-sm:inset-x-2"
    >
      <p>
        The chat could not be loaded. Please call us at{" "}
        <a className="font-semibold text-brand-700 underline" href={business.phoneHref}>
          {business.phone}
        </a>
        , or{" "}
        <button type="button" className="font-semibold text-brand-700 underline" onClick={onRetry}>
          try again
        </button>
        .
      </p>
    </div>
  );
}
