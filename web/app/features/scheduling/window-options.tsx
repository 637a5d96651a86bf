import { windowMenu, type WindowJson } from "@app/shared/scheduling/windows";

/**
 * The options of an arrival-window menu (the chat's and the portal's request
 * forms): "no preference" first, then the open windows by day, soonest first,
 * each named in full ("Friday, Dec 4, 10 AM – 12 PM") since a closed menu
 * shows only the chosen option.
 */
export function WindowOptions({ windows, none }: { windows: readonly WindowJson[]; none: string }) {
  return (
    <>
      <option value="">{none}</option>
      {windowMenu(windows).map((group) => (
        <optgroup key={group.day} label={group.day}>
          {group.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  );
}

/** The hint under an arrival-window menu. */
export const WINDOW_HINT = "Baton Rouge time. With no preference, we call you to arrange a time.";

/** The menu's first option. */
export const NO_WINDOW_PREFERENCE = "No preference: call me to arrange";
