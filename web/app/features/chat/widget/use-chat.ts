/**
 * The conversation: session, socket, sending, streaming, the follow-up booking
 * offer and the appointment request (docs/product.md#chat-assistant, #realtime-events).
 *
 * Replies arrive twice on purpose: streamed over socket.io (`chat:typing`,
 * `chat:delta`…, `chat:message`) and in the HTTP answer to the send. Whichever
 * comes first wins; the other is recognised by the message id and ignored.
 * After every (re)join the transcript is read once, so a reply or a staff
 * message sent while the page was not listening still shows.
 *
 * While staff hold the conversation (`mode` "staff": `chat:mode` on the socket,
 * `mode` in the transcript and in every send's answer) no assistant reply is
 * coming: a sent message waits for nothing and the input stays usable.
 */
import { useCallback, useEffect, useReducer, useRef } from "react";
import { useBusinessFacts } from "~/utils/business-facts";
import { io, type Socket } from "socket.io-client";
import type { ChatMode } from "@app/shared/chat/messages";
import {
  bookAppointment,
  ChatRequestError,
  createSession,
  readTranscript,
  sendMessage,
  type BookingResult,
} from "./api";
import {
  assistantModeNotice,
  BOOKING_OFFER_DELAY_MS,
  bookingErrorText,
  bookingIssueText,
  bookingOfferText,
  bookingSuccessText,
  greetingActions,
  greetingText,
  isBookingAction,
  isWindowAction,
  MAX_MESSAGE_LENGTH,
  MAX_SUGGESTED_ACTIONS,
  newSessionId,
  OPEN_BOOKING_FORM_ACTION,
  replySuggestsBooking,
  sendFailureText,
  staffModeNotice,
  type AppointmentValues,
} from "./widget-rules";
import { readConversation, writeConversation } from "./conversation-storage";
import type { ChatItem, ServerChatMessage } from "./types";

/** How long a send waits for the socket to join its room (so the reply can stream) before posting anyway. */
const JOIN_WAIT_MS = 2000;
/** After a 202 (reply still being produced) give up waiting for the socket after this long. */
const LATE_REPLY_MS = 30_000;

interface ChatState {
  sessionId: string | null;
  messages: ChatItem[];
  /** Who answers: the assistant, or staff who took the conversation over (then no reply is awaited). */
  mode: ChatMode;
  /** The reply being streamed, not yet stored. */
  streaming: { id: string; text: string } | null;
  /** The visitor's message is sent and the assistant's reply not yet shown (never while staff hold the conversation). */
  awaitingReply: boolean;
  /** The HTTP send is in flight. */
  sending: boolean;
  /** The server said a reply is being produced. */
  typing: boolean;
  formOpen: boolean;
  /** Increments each time the form is opened, so it can take focus. */
  formRequest: number;
  /** The arrival window the form opens with ("Friday, Dec 4, 10 AM – 12 PM"), when a window was chosen in the chat. */
  formWindow: string | null;
}

type Action =
  | { type: "started"; sessionId: string; greeting: ChatItem }
  | { type: "userSent"; item: ChatItem }
  | { type: "userConfirmed"; localId: string; serverId: string; timestamp: string }
  | { type: "typing" }
  | { type: "delta"; id: string; delta: string; reset: boolean }
  | { type: "final"; item: ChatItem }
  | { type: "add"; item: ChatItem }
  | { type: "replyFailed"; item: ChatItem | null }
  | { type: "mode"; mode: ChatMode; notice: ChatItem }
  | { type: "sendSettled" }
  | { type: "form"; open: boolean; window?: string | null };

function reducer(state: ChatState, action: Action): ChatState {
  switch (action.type) {
    case "started":
      return state.sessionId ? state : { ...state, sessionId: action.sessionId, messages: [action.greeting] };
    case "userSent":
      return {
        ...state,
        messages: [...state.messages, action.item],
        sending: true,
        awaitingReply: state.mode === "assistant",
        typing: false,
        streaming: null,
      };
    case "userConfirmed":
      return {
        ...state,
        messages: state.messages.map((m) =>
          m.id === action.localId ? { ...m, id: action.serverId, timestamp: action.timestamp } : m,
        ),
      };
    case "typing":
      return state.typing ? state : { ...state, typing: true };
    case "delta": {
      // A late piece of a reply that is already shown in full.
      if (state.messages.some((m) => m.id === action.id)) return state;
      const before = state.streaming?.id === action.id && !action.reset ? state.streaming.text : "";
      return { ...state, streaming: { id: action.id, text: before + action.delta } };
    }
    case "final": {
      const item = action.item;
      const exists = state.messages.some((m) => m.id === item.id);
      const messages = exists ? state.messages.map((m) => (m.id === item.id ? item : m)) : [...state.messages, item];
      const isReply = item.sender === "assistant";
      return {
        ...state,
        messages,
        streaming: state.streaming?.id === item.id ? null : state.streaming,
        awaitingReply: isReply ? false : state.awaitingReply,
        typing: isReply ? false : state.typing,
      };
    }
    case "add":
      return { ...state, messages: [...state.messages, action.item] };
    case "replyFailed":
      return {
        ...state,
        messages: action.item ? [...state.messages, action.item] : state.messages,
        awaitingReply: false,
        typing: false,
        streaming: null,
      };
    case "mode": {
      // Staff hold the conversation: nothing to wait for. The notice says so once per change.
      const quiet = action.mode === "staff" ? { awaitingReply: false, typing: false } : {};
      if (state.mode === action.mode) return action.mode === "staff" ? { ...state, ...quiet } : state;
      return { ...state, ...quiet, mode: action.mode, messages: [...state.messages, action.notice] };
    }
    case "sendSettled":
      return { ...state, sending: false };
    case "form":
      return action.open
        ? { ...state, formOpen: true, formRequest: state.formRequest + 1, formWindow: action.window ?? null }
        : { ...state, formOpen: false, formWindow: null };
  }
}

function initialState(): ChatState {
  const stored = readConversation();
  return {
    sessionId: stored?.sessionId ?? null,
    messages: stored?.messages ?? [],
    mode: stored?.mode ?? "assistant",
    streaming: null,
    awaitingReply: false,
    sending: false,
    typing: false,
    formOpen: false,
    formRequest: 0,
    formWindow: null,
  };
}

let localCounter = 0;
const localId = () => `local_${Date.now().toString(36)}_${(localCounter++).toString(36)}`;

const assistantNote = (text: string, extra: Partial<ChatItem> = {}): ChatItem => ({
  id: localId(),
  sender: "assistant",
  text,
  timestamp: new Date().toISOString(),
  local: true,
  ...extra,
});

function toItem(message: ServerChatMessage): ChatItem {
  return {
    id: message.id,
    sender: message.sender,
    text: message.message,
    timestamp: message.timestamp,
    intent: message.metadata?.intent ?? null,
    suggestedActions: (message.metadata?.suggestedActions ?? []).slice(0, MAX_SUGGESTED_ACTIONS),
  };
}

export interface UseChatOptions {
  /** A reply or a staff message arrived (the launcher marks it unread while closed). */
  onIncoming?: () => void;
}

export function useChat({ onIncoming }: UseChatOptions = {}) {
  const [state, dispatch] = useReducer(reducer, undefined, initialState);
  /** The business facts of the root loader, for the greeting and the failure notes (read in callbacks). */
  const facts = useBusinessFacts();
  // The latest of each, for callbacks and timers: updated after each commit, before the effects below
  // (`start` also sets the session id at once).
  const stateRef = useRef(state);
  const onIncomingRef = useRef(onIncoming);
  const factsRef = useRef(facts);
  useEffect(() => {
    stateRef.current = state;
    onIncomingRef.current = onIncoming;
    factsRef.current = facts;
  });

  /** Replies already acted on (offer, form), so the socket and HTTP copies, or a re-announcement, act once. */
  const handled = useRef<Set<string> | null>(null);
  handled.current ??= new Set(state.messages.map((m) => m.id));
  /** Synchronous guard: one send at a time. */
  const busy = useRef(false);
  const offerTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lateTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const socketRef = useRef<Socket | null>(null);
  const sessionCall = useRef<{ id: string; promise: Promise<boolean> } | null>(null);
  const join = useRef<{ joined: boolean; waiters: Array<() => void> }>({ joined: false, waiters: [] });

  // Keep the conversation across reloads.
  useEffect(() => {
    if (state.sessionId) writeConversation(state.sessionId, state.messages, state.mode);
  }, [state.sessionId, state.messages, state.mode]);

  const cancelOffer = useCallback(() => {
    if (offerTimer.current) clearTimeout(offerTimer.current);
    offerTimer.current = null;
  }, []);

  useEffect(
    () => () => {
      cancelOffer();
      if (lateTimer.current) clearTimeout(lateTimer.current);
    },
    [cancelOffer],
  );

  /** POST /api/chat/session once per id (again with `force`, after the server said it does not know it). Failure is only logged. */
  const ensureSession = useCallback((sessionId: string, force = false): Promise<boolean> => {
    if (!force && sessionCall.current?.id === sessionId) return sessionCall.current.promise;
    const promise = createSession(sessionId).catch((error: unknown) => {
      console.warn("Chat session could not be created", error);
      return false;
    });
    sessionCall.current = { id: sessionId, promise };
    return promise;
  }, []);

  const markJoined = useCallback((joined: boolean) => {
    join.current.joined = joined;
    if (joined) {
      for (const wake of join.current.waiters.splice(0)) wake();
    }
  }, []);

  const waitForJoin = useCallback((ms: number) => {
    if (join.current.joined) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      join.current.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }, []);

  /** Opens the appointment form, with an arrival window chosen when the visitor picked one in the chat. */
  const openForm = useCallback(
    (window?: string) => {
      cancelOffer();
      dispatch({ type: "form", open: true, window });
    },
    [cancelOffer],
  );

  const closeForm = useCallback(() => dispatch({ type: "form", open: false }), []);

  /** What a finished reply sets off: the form right away, or the booking offer after 1 s (docs/product.md#chat-assistant). */
  const afterReply = useCallback(
    (message: ServerChatMessage) => {
      if (message.sender !== "assistant") return;
      const meta = message.metadata ?? {};
      if (meta.openBookingForm) {
        openForm();
        return;
      }
      const actions = meta.suggestedActions ?? [];
      // Windows to choose from are the offer already.
      if (actions.some(isWindowAction)) return;
      if (
        !replySuggestsBooking({
          message: message.message,
          intent: meta.intent,
          suggestedActions: actions,
          suggestsBooking: meta.suggestsBooking,
        })
      )
        return;
      cancelOffer();
      offerTimer.current = setTimeout(() => {
        offerTimer.current = null;
        const current = stateRef.current;
        // Not when the form is already open, nor once the conversation has moved on.
        if (current.formOpen || current.messages[current.messages.length - 1]?.id !== message.id) return;
        const others = actions.filter((a) => !isBookingAction(a));
        dispatch({
          type: "add",
          item: assistantNote(bookingOfferText, {
            suggestedActions: [OPEN_BOOKING_FORM_ACTION, ...others].slice(0, MAX_SUGGESTED_ACTIONS),
          }),
        });
      }, BOOKING_OFFER_DELAY_MS);
    },
    [cancelOffer, openForm],
  );

  const receive = useCallback(
    (message: ServerChatMessage) => {
      if (!message || typeof message.id !== "string" || typeof message.message !== "string") return;
      if (message.sender === "user") return;
      dispatch({ type: "final", item: toItem(message) });
      if (message.sender === "assistant" && lateTimer.current) {
        clearTimeout(lateTimer.current);
        lateTimer.current = null;
      }
      if (handled.current!.has(message.id)) return;
      handled.current!.add(message.id);
      afterReply(message);
      onIncomingRef.current?.();
    },
    [afterReply],
  );

  /** The server said who answers now: taken over by staff (no reply to wait for) or handed back to the assistant. */
  const applyMode = useCallback((mode: ChatMode) => {
    if (mode === "staff" && lateTimer.current) {
      clearTimeout(lateTimer.current);
      lateTimer.current = null;
    }
    const notice = assistantNote(mode === "staff" ? staffModeNotice : assistantModeNotice, { notice: true });
    dispatch({ type: "mode", mode, notice });
  }, []);

  /** After (re)joining: who answers now, and the replies and staff messages that arrived while this page was not listening (a reload mid-reply, a tab away). */
  const catchUp = useCallback(
    async (sessionId: string) => {
      const { messages, mode } = await readTranscript(sessionId);
      if (stateRef.current.sessionId !== sessionId) return;
      if (mode) applyMode(mode);
      const known = new Set(stateRef.current.messages.map((m) => m.id));
      for (const message of messages) if (message.sender !== "user" && !known.has(message.id)) receive(message);
    },
    [applyMode, receive],
  );

  const joinRoom = useCallback(
    async (socket: Socket, sessionId: string) => {
      if (!(await ensureSession(sessionId)) || !socket.connected) return;
      socket
        .timeout(5000)
        .emit("chat:join", { sessionId }, (error: Error | null, reply?: { ok: boolean; error?: string }) => {
          if (error || !reply?.ok) {
            console.warn("Could not join the chat room", error?.message ?? reply?.error);
            return;
          }
          markJoined(true);
          void catchUp(sessionId);
        });
    },
    [ensureSession, markJoined, catchUp],
  );

  // The socket: same origin, WebSocket first with long-polling as the fallback; (re)join the room on every (re)connect.
  useEffect(() => {
    const sessionId = state.sessionId;
    if (!sessionId) return;
    void ensureSession(sessionId);
    const socket = io({ transports: ["websocket", "polling"], tryAllTransports: true });
    socketRef.current = socket;
    const mine = (payload: { sessionId?: unknown } | null | undefined) => payload?.sessionId === sessionId;

    socket.on("connect", () => void joinRoom(socket, sessionId));
    socket.on("disconnect", () => markJoined(false));
    socket.on("chat:typing", (payload: { sessionId?: string }) => {
      if (mine(payload)) dispatch({ type: "typing" });
    });
    socket.on(
      "chat:delta",
      (payload: { sessionId?: string; messageId?: unknown; delta?: unknown; reset?: unknown }) => {
        if (!mine(payload) || typeof payload.messageId !== "string" || typeof payload.delta !== "string") return;
        dispatch({ type: "delta", id: payload.messageId, delta: payload.delta, reset: payload.reset === true });
      },
    );
    socket.on("chat:message", (payload: { sessionId?: string; message?: ServerChatMessage }) => {
      if (mine(payload) && payload.message) receive(payload.message);
    });
    socket.on("chat:mode", (payload: { sessionId?: string; mode?: unknown }) => {
      if (mine(payload) && (payload.mode === "staff" || payload.mode === "assistant")) applyMode(payload.mode);
    });

    return () => {
      markJoined(false);
      socket.removeAllListeners();
      socket.disconnect();
      if (socketRef.current === socket) socketRef.current = null;
    };
  }, [state.sessionId, ensureSession, joinRoom, markJoined, receive, applyMode]);

  /** First open: a new `chat_…` id and the greeting. Does nothing when a conversation exists. */
  const start = useCallback(() => {
    if (stateRef.current.sessionId) return;
    const sessionId = newSessionId();
    const greeting = assistantNote(greetingText(factsRef.current), { suggestedActions: greetingActions });
    handled.current!.add(greeting.id);
    stateRef.current = { ...stateRef.current, sessionId };
    dispatch({ type: "started", sessionId, greeting });
  }, []);

  /** Sends the visitor's message; false when nothing was sent (blank, too long, no session, or a send pending). */
  const send = useCallback(
    (raw: string): boolean => {
      const text = raw.trim();
      const { sessionId, awaitingReply, sending } = stateRef.current;
      if (!text || text.length > MAX_MESSAGE_LENGTH || !sessionId || busy.current || awaitingReply || sending)
        return false;
      busy.current = true;
      cancelOffer();
      const item: ChatItem = { id: localId(), sender: "user", text, timestamp: new Date().toISOString() };
      dispatch({ type: "userSent", item });

      void (async () => {
        try {
          await ensureSession(sessionId);
          await waitForJoin(JOIN_WAIT_MS);
          let result;
          try {
            result = await sendMessage(sessionId, text);
          } catch (error) {
            // The server does not know this session (its creation failed earlier): create it and try once more.
            if (!(error instanceof ChatRequestError) || error.status !== 404) throw error;
            const created = await ensureSession(sessionId, true);
            if (!created) throw error;
            const socket = socketRef.current;
            if (socket) void joinRoom(socket, sessionId);
            await waitForJoin(JOIN_WAIT_MS);
            result = await sendMessage(sessionId, text);
          }
          if (result.userMessage)
            dispatch({
              type: "userConfirmed",
              localId: item.id,
              serverId: result.userMessage.id,
              timestamp: result.userMessage.timestamp,
            });
          if (result.mode) applyMode(result.mode);
          if (result.assistantMessage) {
            receive(result.assistantMessage);
          } else if (result.mode !== "staff" && stateRef.current.awaitingReply) {
            // 202: the worker is slow; the reply still arrives on the socket.
            if (lateTimer.current) clearTimeout(lateTimer.current);
            lateTimer.current = setTimeout(() => {
              lateTimer.current = null;
              if (stateRef.current.awaitingReply)
                dispatch({
                  type: "replyFailed",
                  item: assistantNote(sendFailureText(factsRef.current), { tone: "error" }),
                });
            }, LATE_REPLY_MS);
          }
        } catch (error) {
          console.warn("Failed to send message", error);
          // Throttled: the server's own words say what to do; anything else is a connection problem.
          const note =
            error instanceof ChatRequestError && error.status === 429 && error.serverMessage
              ? error.serverMessage
              : sendFailureText(factsRef.current);
          dispatch({ type: "replyFailed", item: assistantNote(note, { tone: "error" }) });
        } finally {
          busy.current = false;
          dispatch({ type: "sendSettled" });
        }
      })();
      return true;
    },
    [applyMode, cancelOffer, ensureSession, joinRoom, receive, waitForJoin],
  );

  /** Sends the appointment request and tells the visitor how it went, in the chat. */
  const submitBooking = useCallback(
    async (values: AppointmentValues): Promise<BookingResult> => {
      const sessionId = stateRef.current.sessionId;
      if (!sessionId) return { kind: "error", status: null };
      await ensureSession(sessionId);
      let result = await bookAppointment(sessionId, values);
      if (result.kind === "refused" && result.status === 404 && (await ensureSession(sessionId, true)))
        result = await bookAppointment(sessionId, values);
      cancelOffer();
      if (result.kind === "success") {
        dispatch({ type: "form", open: false });
        dispatch({ type: "add", item: assistantNote(bookingSuccessText(result.message), { tone: "success" }) });
      } else if (result.kind === "refused") {
        dispatch({ type: "add", item: assistantNote(bookingIssueText(result.message), { tone: "error" }) });
      } else {
        dispatch({ type: "add", item: assistantNote(bookingErrorText(factsRef.current), { tone: "error" }) });
      }
      return result;
    },
    [cancelOffer, ensureSession],
  );

  return {
    state,
    /**
     * A send is in flight or the assistant's reply has not arrived: the input is disabled and nothing more is sent.
     * While staff hold the conversation only the send itself is brief and nothing is awaited, so the input stays usable.
     */
    pending: state.awaitingReply || (state.sending && state.mode === "assistant"),
    start,
    send,
    openForm,
    closeForm,
    submitBooking,
  };
}
