/**
 * The calendar feed's buttons (on the dashboard, web/app/features/dashboard/dashboard-records.tsx) and
 * the action that reads them (dashboard-actions.server.ts, through calendarFeedFormSchema): create or
 * replace the private address (a new one: the old stops working), or turn it off.
 */
export const CALENDAR_FEED_INTENTS = {
  rotate: "calendar-feed-create",
  revoke: "calendar-feed-revoke",
} as const;
