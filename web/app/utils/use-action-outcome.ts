import { useActionData, useLocation } from "@remix-run/react";
import { useState } from "react";

interface Kept<T> {
  data: T;
  /** The location (history entry) the action's answer belongs to. */
  locationKey: string;
}

/** The answer Remix holds, else the one kept for this same location (a revalidation dropped it), else none. */
export function outcomeAt<T>(kept: Kept<T> | null, data: T | undefined, locationKey: string): T | undefined {
  if (data !== undefined) return data;
  return kept?.locationKey === locationKey ? kept.data : undefined;
}

/**
 * `useActionData` for a page that reloads its data live (`useRevalidator`): the answer to the page's last
 * form post (e.g. "Reply sent.") stays until the next navigation. Remix ends a revalidation like a navigation
 * and drops the action's data, so without this the answer vanished as soon as an event reloaded the page,
 * which the page's own post sets off (the inbox's reply announces itself to every staff page).
 */
export function useActionOutcome<T = unknown>() {
  const data = useActionData<T>();
  const { key } = useLocation();
  const [kept, setKept] = useState<Kept<typeof data> | null>(null);
  if (data !== undefined && (kept?.data !== data || kept.locationKey !== key)) setKept({ data, locationKey: key });
  return outcomeAt(kept, data, key);
}
