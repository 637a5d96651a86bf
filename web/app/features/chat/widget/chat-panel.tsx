/**
 * The chat panel: loaded lazily by the launcher (with socket.io-client) on
 * first open or when the browser is idle after load, never on first paint.
 */
import { SendHorizontal, X, Zap } from "lucide-react";
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, type KeyboardEvent, type RefObject } from "react";
import { cn } from "~/utils/cn";
import { AppointmentForm } from "./appointment-form";
import {
  atBottom,
  draftReducer,
  followsConversation,
  formJustClosed,
  inputHeight,
  isSendKey,
  panelView,
  suggestionChoice,
  type PanelView,
} from "./chat-panel-state";
import { conversationService, type ChatState } from "./chat-state";
import { MAX_MESSAGE_LENGTH, splitPhones } from "./widget-rules";
import type { ChatItem, ChatPanelProps } from "./types";
import { useChat } from "./use-chat";
import { useBusinessFacts } from "~/utils/business-facts";
import { useLatest } from "~/utils/use-latest";
import { useEscapeWithin } from "./use-escape-within";

const TITLE_ID = "chat-panel-title";
const SUBTITLE_ID = "chat-panel-subtitle";
const HINT_ID = "chat-input-hint";

export default function ChatPanel({ open, focusRequest, onClose, onUnread, panelId, texting }: ChatPanelProps) {
  const openRef = useLatest(open);
  const onUnreadRef = useLatest(onUnread);
  const onIncoming = useCallback(() => {
    if (!openRef.current) onUnreadRef.current();
  }, [openRef, onUnreadRef]);
  const chat = useChat({ onIncoming });
  const { state, pending, start } = chat;
  const panelRef = useRef<HTMLDivElement>(null);
  useEscapeWithin(panelRef, open, onClose);

  const [{ draft }, dispatchDraft] = useReducer(draftReducer, { draft: "" });
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const view = panelView(state, pending, draft);
  const { scrollRef, onScroll } = useFollowConversation(open, state, pending, view.lastMessage, inputRef);

  // First open: a session and the greeting.
  useEffect(() => {
    if (open) start();
  }, [open, start]);

  // The visitor opened the panel: focus moves into it.
  useEffect(() => {
    if (open && focusRequest > 0) inputRef.current?.focus();
  }, [open, focusRequest]);

  const submit = () => {
    if (!view.canSend) return;
    dispatchDraft({ type: "submitted", sent: chat.send(draft) });
    inputRef.current?.focus();
  };

  const chooseAction = (label: string) => {
    const choice = suggestionChoice(label);
    if (choice.kind === "form") {
      chat.openForm(choice.window);
      return;
    }
    dispatchDraft({ type: "suggested", text: choice.text });
    requestAnimationFrame(() => {
      const el = inputRef.current;
      if (!el) return;
      el.focus();
      el.setSelectionRange(el.value.length, el.value.length);
    });
  };

  return (
    <div
      ref={panelRef}
      id={panelId}
      role="dialog"
      aria-modal="false"
      aria-labelledby={TITLE_ID}
      aria-describedby={SUBTITLE_ID}
      hidden={!open}
      className={cn(
        "fixed z-50 flex flex-col overflow-hidden bg-white shadow-2xl ring-1 ring-slate-900/10 motion-safe:animate-menu-in",
        // Desktop: a 24rem × 600 px card above the button. Phones: nearly the whole screen.
        "bottom-24 right-6 h-[600px] max-h-[calc(100dvh-11rem)] w-96 rounded-2xl",
        "max-sm:inset-2 max-sm:h-auto max-sm:max-h-none max-sm:w-auto",
      )}
    >
      <PanelHeader onClose={onClose} />

      <div
        ref={scrollRef}
        onScroll={onScroll}
        data-chat-scroll
        className="min-h-0 flex-1 space-y-3 overflow-y-auto overscroll-contain bg-slate-50 px-3 py-4"
      >
        <div role="log" aria-live="polite" aria-relevant="additions" aria-label="Conversation" className="space-y-3">
          {state.messages.map((item) =>
            item.notice ? <Notice key={item.id} item={item} /> : <Bubble key={item.id} item={item} />,
          )}
        </div>

        {/* The reply as it streams: shown, but announced only once complete (when it joins the log). */}
        {state.streaming ? (
          <div aria-hidden="true" data-testid="chat-streaming">
            <Bubble
              item={{ id: state.streaming.id, sender: "assistant", text: state.streaming.text, timestamp: "" }}
              streaming
            />
          </div>
        ) : null}

        {view.showTyping ? <TypingDots /> : null}
        <p aria-live="polite" className="sr-only">
          {view.showTyping ? "The assistant is typing…" : ""}
        </p>

        {view.suggestions.length ? <SuggestedReplies actions={view.suggestions} onChoose={chooseAction} /> : null}

        {state.formOpen ? (
          <AppointmentForm
            focusRequest={state.formRequest}
            initialWindow={state.formWindow}
            initialService={conversationService(state.messages)}
            onSubmit={chat.submitBooking}
            onCancel={chat.closeForm}
            texting={texting}
          />
        ) : null}
      </div>

      <MessageBox
        inputRef={inputRef}
        draft={draft}
        pending={pending}
        view={view}
        onDraft={(text) => dispatchDraft({ type: "edited", text })}
        onSubmit={submit}
      />
    </div>
  );
}

/**
 * Keeps the end of the conversation in view while the visitor is at the bottom of it (and after their own
 * message), and shows the form's outcome when it closes, with focus back in the message box.
 */
function useFollowConversation(
  open: boolean,
  state: ChatState,
  pending: boolean,
  lastMessage: ChatItem | undefined,
  inputRef: RefObject<HTMLTextAreaElement>,
) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);

  // The form closed (sent or cancelled): focus returns to the message box rather than to the page.
  const formWasOpen = useRef(state.formOpen);
  useEffect(() => {
    if (formJustClosed(formWasOpen.current, state.formOpen, open)) {
      // Show the outcome (confirmation or failure) at the end of the conversation.
      const el = scrollRef.current;
      if (el) el.scrollTop = el.scrollHeight;
      stickToBottom.current = true;
      const active = document.activeElement;
      if (!active || active === document.body || !scrollRef.current?.parentElement?.contains(active))
        inputRef.current?.focus();
    }
    formWasOpen.current = state.formOpen;
  }, [state.formOpen, open, inputRef]);

  const onScroll = () => {
    const el = scrollRef.current;
    if (el) stickToBottom.current = atBottom(el);
  };
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el || !open) return;
    if (followsConversation(stickToBottom.current, lastMessage?.sender)) el.scrollTop = el.scrollHeight;
  }, [open, state.messages.length, lastMessage?.sender, state.streaming?.text, state.typing, pending]);

  return { scrollRef, onScroll };
}

function PanelHeader({ onClose }: { onClose: () => void }) {
  const business = useBusinessFacts();
  return (
    <div className="flex items-center gap-3 bg-brand-800 px-4 py-3 text-white">
      <span
        aria-hidden="true"
        className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent-400 text-slate-900"
      >
        <Zap className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <h2 id={TITLE_ID} className="text-base font-semibold leading-tight">
          {business.name} Chat
        </h2>
        <p id={SUBTITLE_ID} className="text-sm text-brand-100">
          How can we help you today?
        </p>
      </div>
      <button
        type="button"
        onClick={onClose}
        className="flex size-10 items-center justify-center rounded-full text-white hover:bg-white/10 focus-visible:outline-accent-400"
        aria-label="Close chat"
      >
        <X aria-hidden="true" className="size-5" />
      </button>
    </div>
  );
}

function TypingDots() {
  return (
    <div aria-hidden="true" className="flex items-end gap-2" data-testid="chat-typing">
      <Avatar />
      <div className="flex items-center gap-1 rounded-2xl rounded-bl-sm bg-white px-4 py-3 shadow-sm ring-1 ring-slate-200">
        {[0, 150, 300].map((delay) => (
          <span
            key={delay}
            className="size-2 rounded-full bg-slate-400 motion-safe:animate-bounce"
            style={{ animationDelay: `${delay}ms` }}
          />
        ))}
      </div>
    </div>
  );
}

function SuggestedReplies({ actions, onChoose }: { actions: string[]; onChoose: (label: string) => void }) {
  return (
    <div role="group" aria-label="Suggested replies" className="flex flex-wrap gap-2 pl-10">
      {actions.map((label) => (
        <button
          key={label}
          type="button"
          onClick={() => onChoose(label)}
          className="rounded-full border border-brand-200 bg-white px-3 py-1.5 text-left text-sm font-medium text-brand-800 shadow-sm transition-colors hover:border-brand-400 hover:bg-brand-50"
        >
          {label}
        </button>
      ))}
    </div>
  );
}

interface MessageBoxProps {
  inputRef: RefObject<HTMLTextAreaElement>;
  draft: string;
  pending: boolean;
  view: PanelView;
  onDraft: (text: string) => void;
  onSubmit: () => void;
}

function MessageBox({ inputRef, draft, pending, view, onDraft, onSubmit }: MessageBoxProps) {
  const business = useBusinessFacts();

  // The message box grows with its text, up to about five lines.
  useLayoutEffect(() => {
    const el = inputRef.current;
    if (!el) return;
    el.style.height = "auto";
    el.style.height = `${inputHeight(el.scrollHeight)}px`;
  }, [draft, inputRef]);

  const onInputKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (isSendKey(event.key, event.shiftKey, event.nativeEvent.isComposing)) {
      event.preventDefault();
      onSubmit();
    }
  };

  return (
    <form
      className="border-t border-slate-200 bg-white p-3"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <div className="flex items-end gap-2">
        <label htmlFor="chat-input" className="sr-only">
          Type your message
        </label>
        <textarea
          id="chat-input"
          ref={inputRef}
          rows={1}
          value={draft}
          maxLength={MAX_MESSAGE_LENGTH}
          onChange={(event) => onDraft(event.target.value)}
          onKeyDown={onInputKeyDown}
          // Read-only rather than disabled while a reply is on its way, so focus stays here.
          readOnly={pending}
          aria-disabled={pending || undefined}
          aria-describedby={HINT_ID}
          placeholder={view.placeholder}
          className="block max-h-32 min-h-10 flex-1 resize-none rounded-xl border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600 aria-disabled:cursor-not-allowed aria-disabled:bg-slate-100 sm:text-sm"
        />
        <button
          type="submit"
          disabled={!view.canSend}
          aria-label="Send message"
          className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-700 text-white transition-colors hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600"
        >
          <SendHorizontal aria-hidden="true" className="size-5" />
        </button>
      </div>
      <p id={HINT_ID} className="mt-1.5 text-xs text-slate-600">
        Enter to send, Shift+Enter for a new line. Emergency?{" "}
        <a href={business.phoneHref} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
          Call {business.phone}
        </a>
      </p>
    </form>
  );
}

function Avatar() {
  return (
    <span
      aria-hidden="true"
      className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-800 text-accent-400"
    >
      <Zap className="size-4" />
    </span>
  );
}

/** A line about the conversation itself ("You're now chatting with our office."), centred between the messages. */
function Notice({ item }: { item: ChatItem }) {
  return (
    <p data-chat-notice className="px-6 text-center text-xs font-medium text-slate-600">
      {item.text}
    </p>
  );
}

function Bubble({ item, streaming = false }: { item: ChatItem; streaming?: boolean }) {
  const business = useBusinessFacts();
  const senderLabel = {
    user: "You",
    assistant: `${business.shortName} assistant`,
    staff: `${business.shortName} team`,
  } as const;
  const mine = item.sender === "user";
  const staff = item.sender === "staff";
  return (
    <div className={cn("flex items-end gap-2", mine && "justify-end")} data-sender={item.sender}>
      {mine ? null : staff ? (
        <span
          aria-hidden="true"
          className="flex size-8 shrink-0 items-center justify-center rounded-full bg-amber-100 text-xs font-bold text-amber-900"
        >
          {business.shortName.slice(0, 1)}
        </span>
      ) : (
        <Avatar />
      )}
      <div
        className={cn(
          "max-w-[85%] whitespace-pre-line break-words rounded-2xl px-3.5 py-2.5 text-sm leading-relaxed shadow-sm",
          mine && "rounded-br-sm bg-brand-700 text-white",
          !mine && "rounded-bl-sm bg-white text-slate-900 ring-1 ring-slate-200",
          staff && "bg-amber-50 ring-amber-200",
          item.tone === "success" && "bg-green-50 text-green-900 ring-green-200",
          item.tone === "error" && "bg-red-50 text-red-900 ring-red-200",
        )}
      >
        {staff ? (
          <span className="mb-0.5 block text-xs font-semibold text-amber-900">Staff · {business.shortName} team</span>
        ) : null}
        <span className="sr-only">{staff ? "" : `${senderLabel[item.sender]}: `}</span>
        <span data-testid={streaming ? "chat-streaming-text" : undefined}>
          {splitPhones(item.text).map((part, i) =>
            part.tel ? (
              <a
                key={i}
                href={part.tel}
                className={cn("font-semibold underline underline-offset-2", mine ? "text-white" : "text-brand-700")}
              >
                {part.text}
              </a>
            ) : (
              <span key={i}>{part.text}</span>
            ),
          )}
          {streaming ? (
            <span
              aria-hidden="true"
              className="ml-0.5 inline-block h-4 w-1.5 translate-y-0.5 animate-pulse rounded-sm bg-slate-400"
            />
          ) : null}
        </span>
      </div>
    </div>
  );
}
