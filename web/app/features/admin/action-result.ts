import { useEffect, useRef } from "react";
import { toast } from "~/components/ui/use-toast";
import { useLatest } from "~/utils/use-latest";
import type { Booking, BookingStatus, Role } from "./format";

export interface CustomerSummary {
  id: number;
  name: string;
  email: string;
  phone: string;
}

/** What a staff page's action answers (see admin-actions.server.ts). */
export type ActionResult =
  | {
      ok: true;
      intent: string;
      message: string;
      userId?: number;
      role?: Role;
      bookingId?: number;
      status?: BookingStatus;
      customer?: CustomerSummary;
      booking?: Booking;
    }
  | { ok: false; intent: string; message: string; errors?: Record<string, string> };

interface FetcherLike {
  state: "idle" | "submitting" | "loading";
  data?: unknown;
}

/**
 * Calls `onDone` once each time a fetcher's submission finishes (after the
 * page's data has been reloaded), with what the action answered.
 */
export function useFetcherDone(fetcher: FetcherLike, onDone: (result: ActionResult) => void) {
  const previous = useRef(fetcher.state);
  const callback = useLatest(onDone);
  useEffect(() => {
    const was = previous.current;
    previous.current = fetcher.state;
    if (was !== "idle" && fetcher.state === "idle" && fetcher.data && typeof fetcher.data === "object") {
      callback.current(fetcher.data as ActionResult);
    }
  }, [fetcher.state, fetcher.data, callback]);
}

/** The admin toasts (docs/product.md#notices-and-toasts): "Success" with the message, or "Error" with the server's message or the fallback. */
export function toastResult(result: ActionResult | undefined, successText: string, failureText: string) {
  if (result?.ok) toast({ title: "Success", description: successText });
  else toast({ variant: "destructive", title: "Error", description: result?.message || failureText });
}
