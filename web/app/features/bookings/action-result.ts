import type { ShouldRevalidateFunction } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { toast } from "~/components/ui/use-toast";
import type { ActionResult } from "~/utils/schema-form";
import { useLatest } from "~/utils/use-latest";
import type { Booking, BookingStatus, Role } from "~/components/staff/format";

export interface CustomerSummary {
  id: number;
  name: string;
  email: string;
  phone: string;
}

/**
 * What a staff page's action answers for its changes (bookings-actions.server.ts): the one
 * `ActionResult` (utils/schema-form.ts), with what the page shows after each intent.
 */
export type StaffActionResult = ActionResult<{
  userId?: number;
  role?: Role;
  bookingId?: number;
  status?: BookingStatus;
  /** After an assignment: the booking's technician now (null: unassigned). */
  technicianId?: number | null;
  /** After a move: the visit's time now (ISO 8601). */
  scheduledDate?: string;
  customer?: CustomerSummary;
  booking?: Booking;
}>;

interface FetcherLike {
  state: "idle" | "submitting" | "loading";
  data?: unknown;
}

/**
 * Calls `onDone` once for each answer a fetcher's submission brings, once the
 * fetcher is idle again (after the page's data has been reloaded). Keyed on the
 * answer itself, not on seeing the fetcher pass through "submitting" and
 * "loading": a live update that reloads the page meanwhile can take the fetcher
 * back to idle without this component rendering every step.
 */
export function useFetcherDone(fetcher: FetcherLike, onDone: (result: StaffActionResult) => void) {
  // An answer already there when the component appears was reported by whoever showed it first.
  const handled = useRef(fetcher.data);
  const callback = useLatest(onDone);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || typeof fetcher.data !== "object") return;
    if (fetcher.data === handled.current) return;
    handled.current = fetcher.data;
    callback.current(fetcher.data as StaffActionResult);
  }, [fetcher.state, fetcher.data, callback]);
}

/** The admin toasts (docs/product.md#notices-and-toasts): "Success" with the message, or "Error" with the server's message or the fallback. */
export function toastResult(result: ActionResult | undefined, successText: string, failureText: string) {
  if (result?.ok) toast({ title: "Success", description: successText });
  else toast({ variant: "destructive", title: "Error", description: result?.message || failureText });
}

/**
 * `shouldRevalidate` of the pages whose forms post to the bookings action (the list and the
 * calendar): creating a customer changes nothing they show, nor does a refused change, so neither
 * reloads the page's data.
 */
export const bookingsShouldRevalidate: ShouldRevalidateFunction = ({
  formData,
  actionResult,
  defaultShouldRevalidate,
}) =>
  formData?.get("intent") === "create-customer" || (actionResult as ActionResult | undefined)?.ok === false
    ? false
    : defaultShouldRevalidate;
