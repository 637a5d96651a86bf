/**
 * The conversation: session, socket, sending, streaming, the follow-up booking
 * offer and the appointment request (docs/product.md#chat-assistant, #realtime-events).
 * The state itself, and every decision about it, is plain logic in ./chat-state.ts;
 * this hook wires it to the socket, the HTTP calls and the timers.
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
import { useCallback, useEffect, useMemo, useReducer, useRef, useState, type Dispatch } from "react";
import { useBusinessFacts } from "~/utils/business-facts";
import { io, type Socket } from "socket.io-client";
import type { BusinessFacts } from "@app/shared/business";
import type { ChatMode } from "@app/shared/chat/messages";
import {
  bookAppointment,
  ChatRequestError,
  createSession,
  readTranscript,
  sendMessage,
  type BookingResult,
  type SendResult,
} from "./api";
import {
  assistantModeNotice,
  BOOKING_OFFER_DELAY_MS,
  newSessionId,
  staffModeNotice,
  type AppointmentValues,
} from "./widget-rules";
import {
  assistantNote,
  bookingOutcomeNote,
  chatReducer,
  greetingNote,
  initialChatState,
  isIncoming,
  isPending,
  offerNote,
  offerStillFits,
  replyFollowUp,
  replyStillComing,
  sendableText,
  sendFailureNote,
  toChatItem,
  unseenMessages,
  userItem,
  type ChatAction,
  type ChatState,
} from "./chat-state";
import { onConversationStored, readConversation, writeConversation } from "./conversation-storage";
import type { ServerChatMessage } from "./types";

/** How long a send waits for the socket to join its room (so the reply can stream) before posting anyway. */
const JOIN_WAIT_MS = 2000;
/** After a 202 (reply still being produced) give up waiting for the socket after this long. */
const LATE_REPLY_MS = 30_000;

/** One pending timeout at a time (a new one replaces it), cleared on unmount. */
function useTimer() {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const clear = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);
  const start = useCallback(
    (ms: number, fire: () => void) => {
      clear();
      timer.current = setTimeout(() => {
        timer.current = null;
        fire();
      }, ms);
    },
    [clear],
  );
  useEffect(() => clear, [clear]);
  return useMemo(() => ({ start, clear }), [start, clear]);
}

/** POST /api/chat/session once per id (again with `force`, after the server said it does not know it). Failure is only logged. */
function useEnsureSession() {
  const sessionCall = useRef<{ id: string; promise: Promise<boolean> } | null>(null);
  return useCallback((sessionId: string, force = false): Promise<boolean> => {
    if (!force && sessionCall.current?.id === sessionId) return sessionCall.current.promise;
    const promise = createSession(sessionId).catch((error: unknown) => {
      console.warn("Chat session could not be created", error);
      return false;
    });
    sessionCall.current = { id: sessionId, promise };
    return promise;
  }, []);
}

/** Whether the socket is in the conversation's room, and a wait (bounded) for it to be. */
function useJoinGate() {
  const join = useRef<{ joined: boolean; waiters: Array<() => void> }>({ joined: false, waiters: [] });
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
  return { markJoined, waitForJoin };
}

interface SocketHandlers {
  stateRef: { readonly current: ChatState };
  dispatch: Dispatch<ChatAction>;
  ensureSession: (sessionId: string) => Promise<boolean>;
  receive: (message: ServerChatMessage, caughtUp?: boolean) => void;
  applyMode: (mode: ChatMode) => void;
}

/**
 * The socket: same origin, WebSocket first with long-polling as the fallback; (re)join the room on every
 * (re)connect, then catch up on who answers and on what arrived while this page was not listening
 * (a reload mid-reply, a tab away).
 */
function useChatSocket(
  sessionId: string | null,
  { stateRef, dispatch, ensureSession, receive, applyMode }: SocketHandlers,
) {
  const socketRef = useRef<Socket | null>(null);
  const { markJoined, waitForJoin } = useJoinGate();

  const catchUp = useCallback(
    async (id: string) => {
      const { messages, mode } = await readTranscript(id);
      if (stateRef.current.sessionId !== id) return;
      if (mode) applyMode(mode);
      for (const message of unseenMessages(stateRef.current, messages)) receive(message, true);
    },
    [stateRef, applyMode, receive],
  );

  const joinRoom = useCallback(
    async (socket: Socket, id: string) => {
      if (!(await ensureSession(id)) || !socket.connected) return;
      socket
        .timeout(5000)
        .emit("chat:join", { sessionId: id }, (error: Error | null, reply?: { ok: boolean; error?: string }) => {
          if (error || !reply?.ok) {
            console.warn("Could not join the chat room", error?.message ?? reply?.error);
            return;
          }
          markJoined(true);
          void catchUp(id);
        });
    },
    [ensureSession, markJoined, catchUp],
  );

  useEffect(() => {
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
  }, [sessionId, dispatch, ensureSession, joinRoom, markJoined, receive, applyMode]);

  /** Joins the room again (after the session was created anew). */
  const rejoin = useCallback(
    (id: string) => {
      const socket = socketRef.current;
      if (socket) void joinRoom(socket, id);
    },
    [joinRoom],
  );
  return { waitForJoin, rejoin };
}

export interface UseChatOptions {
  /** A reply or a staff message arrived (the launcher marks it unread while closed). */
  onIncoming?: () => void;
}

/** The state and the latest of what callbacks and timers read. */
interface Conversation {
  dispatch: Dispatch<ChatAction>;
  /** Updated after each commit, before the hooks' effects (`start` also sets the session id at once). */
  stateRef: { current: ChatState };
  /** The business facts of the root loader, for the greeting and the failure notes. */
  factsRef: { readonly current: BusinessFacts };
  onIncomingRef: { readonly current: (() => void) | undefined };
  /** Replies already acted on (offer, form), so the socket and HTTP copies, or a re-announcement, act once. */
  handled: Set<string>;
}

function useConversation(onIncoming: (() => void) | undefined) {
  const [state, dispatch] = useReducer(chatReducer, null, () => initialChatState(readConversation()));
  const facts = useBusinessFacts();
  const stateRef = useRef(state);
  const onIncomingRef = useRef(onIncoming);
  const factsRef = useRef(facts);
  useEffect(() => {
    stateRef.current = state;
    onIncomingRef.current = onIncoming;
    factsRef.current = facts;
  });
  const [handled] = useState(() => new Set(state.messages.map((m) => m.id)));

  // Keep the conversation across reloads and for the browser's other tabs, and show what they add to it.
  useEffect(() => {
    if (state.sessionId) writeConversation(state.sessionId, state.messages, state.mode);
  }, [state.sessionId, state.messages, state.mode]);
  useEffect(() => onConversationStored((conversation) => dispatch({ type: "stored", conversation })), []);

  const conversation: Conversation = { dispatch, stateRef, factsRef, onIncomingRef, handled };
  return { state, conversation };
}

/** What comes in (replies, staff messages, who answers now) and what it sets off: the form, the booking offer. */
function useIncoming({ dispatch, stateRef, onIncomingRef, handled }: Conversation) {
  const offer = useTimer();
  const lateReply = useTimer();

  /** Opens the appointment form, with an arrival window chosen when the visitor picked one in the chat. */
  const openForm = useCallback(
    (window?: string) => {
      offer.clear();
      dispatch({ type: "form", open: true, window });
    },
    [dispatch, offer],
  );

  /** What a finished reply sets off: the form right away, or the booking offer after 1 s (docs/product.md#chat-assistant). */
  const afterReply = useCallback(
    (message: ServerChatMessage) => {
      const next = replyFollowUp(message);
      if (next?.kind === "form") openForm();
      else if (next?.kind === "offer")
        offer.start(BOOKING_OFFER_DELAY_MS, () => {
          if (offerStillFits(stateRef.current, message.id)) dispatch({ type: "add", item: offerNote(next.actions) });
        });
    },
    [dispatch, stateRef, offer, openForm],
  );

  /**
   * A reply or a staff message, from the socket, the send's answer or (`caughtUp`) the transcript read after
   * joining. What a reply sets off happens in the tab that awaited it (or that was away when it came): another
   * tab open on the same conversation shows it, and offers nothing twice.
   */
  const receive = useCallback(
    (message: ServerChatMessage, caughtUp = false) => {
      if (!isIncoming(message)) return;
      const awaited = stateRef.current.awaitingReply;
      dispatch({ type: "final", item: toChatItem(message) });
      if (message.sender === "assistant") lateReply.clear();
      if (handled.has(message.id)) return;
      handled.add(message.id);
      if (awaited || caughtUp) afterReply(message);
      onIncomingRef.current?.();
    },
    [dispatch, stateRef, handled, onIncomingRef, afterReply, lateReply],
  );

  /** The server said who answers now: taken over by staff (no reply to wait for) or handed back to the assistant. */
  const applyMode = useCallback(
    (mode: ChatMode) => {
      if (mode === "staff") lateReply.clear();
      const notice = assistantNote(mode === "staff" ? staffModeNotice : assistantModeNotice, { notice: true });
      dispatch({ type: "mode", mode, notice });
    },
    [dispatch, lateReply],
  );

  return { offer, lateReply, openForm, receive, applyMode };
}

/** Sending the visitor's message: one at a time, its answer, and the reply awaited on the socket when it is late. */
function useSend(
  { dispatch, stateRef, factsRef }: Conversation,
  incoming: ReturnType<typeof useIncoming>,
  ensureSession: (sessionId: string, force?: boolean) => Promise<boolean>,
  room: ReturnType<typeof useChatSocket>,
) {
  const { offer, lateReply, receive, applyMode } = incoming;
  const { waitForJoin, rejoin } = room;
  /** Synchronous guard: one send at a time. */
  const busy = useRef(false);

  /** Posts the message once the room is joined (or after a short wait); a session the server does not know is created again, once. */
  const deliver = useCallback(
    async (sessionId: string, text: string): Promise<SendResult> => {
      await ensureSession(sessionId);
      await waitForJoin(JOIN_WAIT_MS);
      try {
        return await sendMessage(sessionId, text);
      } catch (error) {
        // The server does not know this session (its creation failed earlier): create it and try once more.
        if (!(error instanceof ChatRequestError) || error.status !== 404) throw error;
        if (!(await ensureSession(sessionId, true))) throw error;
        rejoin(sessionId);
        await waitForJoin(JOIN_WAIT_MS);
        return await sendMessage(sessionId, text);
      }
    },
    [ensureSession, rejoin, waitForJoin],
  );

  /** The send's answer: the message's server id, who answers now, and the reply (or a wait for it on the socket). */
  const settle = useCallback(
    (localId: string, result: SendResult) => {
      if (result.userMessage) {
        const { id: serverId, timestamp } = result.userMessage;
        dispatch({ type: "userConfirmed", localId, serverId, timestamp });
      }
      if (result.mode) applyMode(result.mode);
      if (result.assistantMessage) receive(result.assistantMessage);
      else if (replyStillComing(stateRef.current, result))
        lateReply.start(LATE_REPLY_MS, () => {
          if (stateRef.current.awaitingReply)
            dispatch({ type: "replyFailed", item: sendFailureNote(factsRef.current) });
        });
    },
    [dispatch, stateRef, factsRef, applyMode, lateReply, receive],
  );

  /** Sends the visitor's message; false when nothing was sent (blank, too long, no session, or a send pending). */
  return useCallback(
    (raw: string): boolean => {
      const text = sendableText(stateRef.current, raw);
      const { sessionId } = stateRef.current;
      if (!text || !sessionId || busy.current) return false;
      busy.current = true;
      offer.clear();
      const item = userItem(text);
      dispatch({ type: "userSent", item });
      deliver(sessionId, text)
        .then((result) => settle(item.id, result))
        .catch((error: unknown) => {
          console.warn("Failed to send message", error);
          const throttled = error instanceof ChatRequestError && error.status === 429 ? error.serverMessage : null;
          dispatch({ type: "replyFailed", item: sendFailureNote(factsRef.current, throttled) });
        })
        .finally(() => {
          busy.current = false;
          dispatch({ type: "sendSettled" });
        });
      return true;
    },
    [dispatch, stateRef, factsRef, deliver, offer, settle],
  );
}

export function useChat({ onIncoming }: UseChatOptions = {}) {
  const { state, conversation } = useConversation(onIncoming);
  const { dispatch, stateRef, factsRef, handled } = conversation;
  const ensureSession = useEnsureSession();
  const incoming = useIncoming(conversation);
  const { offer, openForm, receive, applyMode } = incoming;
  const room = useChatSocket(state.sessionId, { stateRef, dispatch, ensureSession, receive, applyMode });
  const send = useSend(conversation, incoming, ensureSession, room);

  const closeForm = useCallback(() => dispatch({ type: "form", open: false }), [dispatch]);

  /** First open: a new `chat_…` id and the greeting. Does nothing when a conversation exists. */
  const start = useCallback(() => {
    if (stateRef.current.sessionId) return;
    const sessionId = newSessionId();
    const greeting = greetingNote(factsRef.current);
    handled.add(greeting.id);
    stateRef.current = { ...stateRef.current, sessionId };
    dispatch({ type: "started", sessionId, greeting });
  }, [dispatch, stateRef, factsRef, handled]);

  /** Sends the appointment request and tells the visitor how it went, in the chat. */
  const submitBooking = useCallback(
    async (values: AppointmentValues): Promise<BookingResult> => {
      const sessionId = stateRef.current.sessionId;
      if (!sessionId) return { kind: "error", status: null };
      await ensureSession(sessionId);
      let result = await bookAppointment(sessionId, values);
      if (result.kind === "refused" && result.status === 404 && (await ensureSession(sessionId, true)))
        result = await bookAppointment(sessionId, values);
      offer.clear();
      if (result.kind === "success") dispatch({ type: "form", open: false });
      dispatch({ type: "add", item: bookingOutcomeNote(result, factsRef.current) });
      return result;
    },
    [dispatch, stateRef, factsRef, offer, ensureSession],
  );

  return { state, pending: isPending(state), start, send, openForm, closeForm, submitBooking };
}
