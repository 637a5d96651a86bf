import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "~/utils/responses.server";
import { Link, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { addLocalDays, businessDate, formatLocalDate } from "@app/shared/time";
import { buttonVariants } from "~/components/ui/button";
import { bookingsAction } from "~/features/bookings/bookings-actions.server";
import { AdminPageHeader } from "~/components/staff/staff-frame";
import { AdminShell } from "~/features/live/admin-shell";
import { adminMeta } from "~/features/auth/staff-meta";
import { dispatchBoard } from "~/features/dispatch/board.server";
import { DispatchBoardView } from "~/features/dispatch/dispatch-board";
import { holdForDrag } from "~/features/dispatch/drag-hold";
import { requireAdmin } from "~/utils/auth.server";
import { cn } from "~/utils/cn";
import type { ActionResult } from "~/utils/schema-form";
import { staffPage } from "~/utils/route-handle";
import { useActionOutcome } from "~/utils/use-action-outcome";

export const handle = staffPage;

export const meta: MetaFunction = ({ error }) => adminMeta("Dispatch", error);

/** `?date=YYYY-MM-DD` (today, Baton Rouge, when absent) and `&view=week`; anything else starts again from today. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const board = await dispatchBoard(context, Object.fromEntries(new URL(request.url).searchParams));
  if (!board.ok) throw redirect("/admin/dispatch");
  return { board: board.value, today: businessDate() };
}

/** The cards' Move forms and the drops post here (`intent=move-visit`, the bookings action). */
export async function action({ request, context }: ActionFunctionArgs) {
  return bookingsAction(request, context);
}

// A refused move changed nothing: the board stays as it is (the card returns by itself). A live reload
// waits while a card is being dragged (drag-hold.ts).
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, formMethod, defaultShouldRevalidate }) => {
  if (!formMethod && holdForDrag()) return false;
  return (actionResult as ActionResult | undefined)?.ok === false ? false : defaultShouldRevalidate;
};

export { AccessDeniedBoundary as ErrorBoundary } from "~/features/auth/access-denied";

const href = (date: string, view: "day" | "week") =>
  `/admin/dispatch?date=${date}${view === "week" ? "&view=week" : ""}`;

export default function DispatchPage() {
  const { board, today } = useLoaderData<typeof loader>();
  const posted = useActionOutcome<typeof action>();
  const step = board.view === "week" ? 7 : 1;
  const title = board.view === "week" ? `Week of ${formatLocalDate(board.days[0]!.date)}` : formatLocalDate(board.date);
  return (
    <AdminShell>
      <AdminPageHeader
        back={{ to: "/dashboard", label: "Back to Dashboard" }}
        title="Dispatch"
        description={`${title}. Baton Rouge time. Drag a card to a technician's window, or use its Move form.`}
        actions={
          <nav aria-label="Days" className="flex flex-wrap items-center gap-1.5">
            <Link
              to={href(addLocalDays(board.date, -step), board.view)}
              aria-label={board.view === "week" ? "Previous week" : "Previous day"}
              className={buttonVariants({ variant: "outline", size: "icon" })}
            >
              <ChevronLeft aria-hidden="true" />
            </Link>
            <Link
              to={href(today, board.view)}
              aria-current={board.date === today ? "date" : undefined}
              className={cn(buttonVariants({ variant: "outline" }), "px-3")}
            >
              Today
            </Link>
            <Link
              to={href(addLocalDays(board.date, step), board.view)}
              aria-label={board.view === "week" ? "Next week" : "Next day"}
              className={buttonVariants({ variant: "outline", size: "icon" })}
            >
              <ChevronRight aria-hidden="true" />
            </Link>
            <Link
              to={href(board.date, "day")}
              aria-current={board.view === "day" ? "page" : undefined}
              className={buttonVariants({ variant: board.view === "day" ? "default" : "outline" })}
            >
              Day
            </Link>
            <Link
              to={href(board.date, "week")}
              aria-current={board.view === "week" ? "page" : undefined}
              className={buttonVariants({ variant: board.view === "week" ? "default" : "outline" })}
            >
              Week
            </Link>
          </nav>
        }
      />
      <DispatchBoardView board={board} action={href(board.date, board.view)} posted={posted} />
    </AdminShell>
  );
}
