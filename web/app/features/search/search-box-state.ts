/**
 * The staff bar's search box as a combobox (docs/product.md#search): what it shows and which
 * result is active, from the keys pressed and the results that arrive. The results are one list
 * (customers, then bookings, then documents) for the arrow keys.
 */
export interface SearchBoxState {
  /** Whether the list of results shows. */
  open: boolean;
  /** The active result's place in the list, or -1 for none (Enter then submits the box). */
  active: number;
}

export type SearchBoxEvent =
  | { type: "typed"; text: string }
  | { type: "key"; key: "ArrowDown" | "ArrowUp" | "Home" | "End"; count: number }
  | { type: "results"; count: number }
  | { type: "close" };

export const closedBox: SearchBoxState = { open: false, active: -1 };

export function searchBoxReducer(state: SearchBoxState, event: SearchBoxEvent): SearchBoxState {
  switch (event.type) {
    case "typed":
      return { open: event.text.trim() !== "", active: -1 };
    case "results":
      // New results: nothing is chosen for the person yet.
      return { ...state, active: state.active < event.count ? state.active : -1 };
    case "close":
      return closedBox;
    case "key": {
      const { count } = event;
      if (!state.open) return { open: true, active: count && event.key === "ArrowDown" ? 0 : -1 };
      if (!count) return state;
      if (event.key === "Home") return { ...state, active: 0 };
      if (event.key === "End") return { ...state, active: count - 1 };
      const step = event.key === "ArrowDown" ? 1 : -1;
      // From none, Down goes to the first and Up to the last; past either end, around.
      const from = state.active === -1 ? (step === 1 ? -1 : count) : state.active;
      return { ...state, active: (from + step + count) % count };
    }
  }
}

/** What the live region says of the results. */
export function resultsMessage(customers: number, bookings: number, documents: number): string {
  if (!customers && !bookings && !documents) return "No customers, bookings or documents found";
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return `${count(customers, "customer", "customers")}, ${count(bookings, "booking", "bookings")} and ${count(documents, "document", "documents")} found`;
}
