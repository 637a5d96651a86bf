import { BOOKING_INTENTS } from "~/features/bookings/bookings-intents";
import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import type { TechnicianChoice } from "@app/shared/scheduling/technicians";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/field";
import { toastResult, useFetcherDone, type StaffActionResult } from "./action-result";
import type { Booking } from "~/components/staff/format";

/**
 * Assigns a booking to a technician, or unassigns it (the `assign-technician`
 * intent of the bookings action). Choosing submits at once; without
 * JavaScript a Save button does. A technician who already has a visit then is
 * refused (409) and the menu shows the booking's technician again.
 *
 * Once assigned, the menu shows the answer's technician until the booking it was given is read
 * again: the bookings list has reloaded by then, but the calendar's day dialog reads its day
 * afterwards, and would otherwise show the earlier technician meanwhile.
 */
export function TechnicianSelect({
  booking,
  technicians,
  action,
  className,
}: {
  booking: Pick<Booking, "id" | "technicianId" | "technicianName">;
  technicians: readonly TechnicianChoice[];
  /** The page whose action takes the post (the list's or the calendar's). */
  action?: string;
  className?: string;
}) {
  const fetcher = useFetcher<StaffActionResult>({ key: `booking-technician-${booking.id}` });
  const [answered, setAnswered] = useState<{ booking: typeof booking; technicianId: number | null } | null>(null);
  const pending = fetcher.formData?.get("technicianId");
  const shown =
    typeof pending === "string"
      ? pending
      : String((answered?.booking === booking ? answered.technicianId : booking.technicianId) ?? "");
  const selectId = `technician-${booking.id}`;

  useFetcherDone(fetcher, (result) => {
    if (result.ok && result.technicianId !== undefined) setAnswered({ booking, technicianId: result.technicianId });
    toastResult(result, result.ok ? result.message : "Technician updated", "Failed to assign the technician");
  });

  return (
    <fetcher.Form method="post" action={action} className={className ?? "flex items-center gap-2"}>
      <input type="hidden" name="intent" value={BOOKING_INTENTS.assignTechnician} />
      <input type="hidden" name="bookingId" value={booking.id} />
      <label htmlFor={selectId} className="sr-only">
        Technician for booking #{booking.id}
      </label>
      <NativeSelect
        id={selectId}
        name="technicianId"
        value={shown}
        disabled={fetcher.state !== "idle"}
        className="h-11 min-w-36 py-1 sm:h-9"
        onChange={(event) => {
          fetcher.submit(
            {
              intent: BOOKING_INTENTS.assignTechnician,
              bookingId: String(booking.id),
              technicianId: event.currentTarget.value,
            },
            { method: "post", action },
          );
        }}
      >
        <TechnicianOptions booking={booking} technicians={technicians} />
      </NativeSelect>
      <noscript>
        <Button type="submit" size="sm" variant="outline">
          Save<span className="sr-only"> technician for booking #{booking.id}</span>
        </Button>
      </noscript>
    </fetcher.Form>
  );
}

/**
 * A booking's technician menu's options: "Unassigned" and the active technicians. Someone no
 * longer on the list (made inactive) still shows as the booking's technician.
 */
export function TechnicianOptions({
  booking,
  technicians,
}: {
  booking: Pick<Booking, "technicianId" | "technicianName">;
  technicians: readonly TechnicianChoice[];
}) {
  const choices =
    booking.technicianId && !technicians.some((t) => t.id === booking.technicianId)
      ? [...technicians, { id: booking.technicianId, name: `${booking.technicianName ?? "Unknown"} (inactive)` }]
      : technicians;
  return (
    <>
      <option value="">Unassigned</option>
      {choices.map((t) => (
        <option key={t.id} value={t.id}>
          {t.name}
        </option>
      ))}
    </>
  );
}
