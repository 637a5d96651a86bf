/**
 * The toast store behind `toast()` and `useToast()` (docs/product.md#notices-and-toasts): one toast at a
 * time, shown for 5 seconds; a dismissed toast stays in memory for
 * 1,000,000 ms (so its exit animation and screen-reader announcement finish)
 * and is then removed. Plain module state with no Radix import, so calling
 * `toast()` costs nothing until the <Toaster /> in root.tsx renders it.
 */
import { useSyncExternalStore, type ReactElement, type ReactNode } from "react";

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5_000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = ["F8"];

export type ToastVariant = "default" | "destructive";

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** A <ToastAction altText="…"> element. */
  action?: ReactElement;
  /** Milliseconds; defaults to TOAST_DURATION_MS. */
  duration?: number;
}

export interface ToastState extends ToastOptions {
  id: string;
  open: boolean;
}

let toasts: ToastState[] = [];
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function setToasts(next: ToastState[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      setToasts(toasts.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

/** Closes one toast, or every toast when no id is given. */
export function dismissToast(id?: string) {
  for (const t of toasts) if (id === undefined || t.id === id) scheduleRemoval(t.id);
  setToasts(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
}

/** Shows a toast (replacing the one on screen) and returns handles to change or close it. */
export function toast(options: ToastOptions) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = `toast-${counter}`;
  // Older toasts beyond the limit close (and are removed later) rather than vanish mid-announcement.
  const kept = toasts.map((t, i) =>
    i >= TOAST_LIMIT - 1 && t.open ? (scheduleRemoval(t.id), { ...t, open: false }) : t,
  );
  setToasts([{ ...options, id, open: true }, ...kept].slice(0, TOAST_LIMIT + 1));
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (next: ToastOptions) => setToasts(toasts.map((t) => (t.id === id ? { ...t, ...next } : t))),
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => toasts;

/** The toasts as they are now (open and recently dismissed), newest first. */
export const getToasts = (): readonly ToastState[] => toasts;
const noToasts: ToastState[] = [];
const getServerSnapshot = () => noToasts;

/** The toasts to render plus the `toast`/`dismiss` functions, for components. */
export function useToast() {
  const current = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  return { toasts: current, toast, dismiss: dismissToast };
}
