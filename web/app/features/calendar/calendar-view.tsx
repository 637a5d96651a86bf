/** /admin/calendar's page (docs/product.md#calendar): the month as a keyboard grid, a day's dialog, New Booking on a day. */
import { Link, useLoaderData, useNavigate, useNavigation, useRevalidator } from "@remix-run/react";
import { ChevronLeft, ChevronRight, List, LoaderCircle, Plus } from "lucide-react";
import { useState } from "react";
import { Button, buttonVariants } from "~/components/ui/button";
import { AdminPageHeader } from "~/components/staff/staff-frame";
import { AdminShell } from "~/features/live/admin-shell";
import { CalendarGrid, CalendarLegend, focusCalendarDay } from "./calendar-grid";
import { addMonths, formatMonthTitle, monthKey, parseMonth, type MonthRef } from "@app/shared/time";
import { DayDialog } from "./day-dialog";
import { NewBookingDialog } from "~/features/bookings/new-booking-dialog";
import { useHydrated } from "~/utils/use-hydrated";
import { cn } from "~/utils/cn";
import type { calendarLoader } from "./calendar.server";

export function CalendarPage() {
  const data = useLoaderData<typeof calendarLoader>();
  const month = parseMonth(data.month)!;
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  const navigate = useNavigate();

  const [selectedDay, setSelectedDay] = useState<{ date: string; total: number } | null>(null);
  const [dayOpen, setDayOpen] = useState(false);
  const [newOpen, setNewOpen] = useState(false);
  const [newDate, setNewDate] = useState<string | undefined>(undefined);

  // Moving between pages (or months) dims the old data; a live refresh only says so, calmly.
  const navigating = navigation.state === "loading" && navigation.location.pathname === "/admin/calendar";
  const loading = navigating || revalidator.state === "loading";
  const thisMonth = data.today.slice(0, 7);
  // Clicking "previous" twice quickly goes back two months: the links count from the month on its way.
  const pendingMonth = navigating ? parseMonth(new URLSearchParams(navigation.location.search).get("month")) : null;
  const base = pendingMonth ?? month;

  const openNewBooking = (date?: string) => {
    setNewDate(date);
    setNewOpen(true);
  };

  return (
    <AdminShell>
      <AdminPageHeader
        back={{ to: "/dashboard", label: "Back to Dashboard" }}
        title="Calendar View"
        description="Appointments by day, Baton Rouge time. Choose a day to see its appointments or to book one."
        actions={
          <>
            <Link to="/admin/bookings" prefetch="intent" className={buttonVariants({ variant: "outline" })}>
              <List aria-hidden="true" />
              View List
            </Link>
            <Button onClick={() => openNewBooking(undefined)} disabled={!hydrated}>
              <Plus aria-hidden="true" />
              New Booking
            </Button>
          </>
        }
      />

      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <h2 className="text-xl font-bold text-slate-900" aria-live="polite">
            {formatMonthTitle(month)}
          </h2>
          <p role="status" className="flex items-center gap-1.5 text-sm text-slate-600">
            {loading ? (
              <>
                <LoaderCircle aria-hidden="true" className="size-4 motion-safe:animate-spin" />
                Loading calendar...
              </>
            ) : null}
          </p>
        </div>
        <MonthNav base={base} thisMonth={thisMonth} shown={data.month} />
      </div>

      <div className={cn(navigating && "opacity-60 transition-opacity")} aria-busy={loading || undefined}>
        <CalendarGrid
          month={month}
          today={data.today}
          days={data.days}
          interactive={hydrated}
          onMonth={(key) => navigate(monthHref(key), { preventScrollReset: true })}
          onSelectDay={(day, total) => {
            if (total) {
              setSelectedDay({ date: day, total });
              setDayOpen(true);
            } else {
              openNewBooking(day);
            }
          }}
        />
      </div>
      <CalendarLegend />

      {/* The month's data is new after every reload of the page: the open day reads itself again then. */}
      <DayDialog
        day={selectedDay?.date ?? null}
        total={selectedDay?.total ?? 0}
        open={dayOpen}
        onOpenChange={setDayOpen}
        // Back to the day, unless Add Another has swapped to the New Booking dialog (which returns there itself).
        onClosed={() => void (!newOpen && selectedDay && focusCalendarDay(selectedDay.date))}
        onAddAnother={() => {
          setDayOpen(false);
          openNewBooking(selectedDay?.date);
        }}
      />
      <NewBookingDialog
        open={newOpen}
        onOpenChange={setNewOpen}
        defaultDate={newDate}
        returnFocus={() => Boolean(newDate && focusCalendarDay(newDate))}
      />
    </AdminShell>
  );
}

const monthHref = (key: string) => `/admin/calendar?month=${key}`;

/** Previous, this and next month; previous and next count from the month on its way, if any. */
function MonthNav({ base, thisMonth, shown }: { base: MonthRef; thisMonth: string; shown: string }) {
  return (
    <nav aria-label="Months" className="flex items-center gap-1.5">
      <Link
        to={monthHref(monthKey(addMonths(base, -1)))}
        preventScrollReset
        aria-label="Previous month"
        className={buttonVariants({ variant: "outline", size: "icon" })}
      >
        <ChevronLeft aria-hidden="true" />
      </Link>
      <Link
        to={monthHref(thisMonth)}
        preventScrollReset
        aria-current={shown === thisMonth ? "date" : undefined}
        className={cn(buttonVariants({ variant: "outline" }), "px-3")}
      >
        Today
      </Link>
      <Link
        to={monthHref(monthKey(addMonths(base, 1)))}
        preventScrollReset
        aria-label="Next month"
        className={buttonVariants({ variant: "outline", size: "icon" })}
      >
        <ChevronRight aria-hidden="true" />
      </Link>
    </nav>
  );
}
