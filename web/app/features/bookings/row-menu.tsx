/**
 * One menu for many rows (docs/product.md#bookings-list): a page renders a
 * `RowMenu` listbox once, and each row a small `RowMenuTrigger` button that
 * opens it for that row, beside the button. The page's HTML then holds one list
 * of choices, however many rows it shows (docs/decisions/011-staff-screens-at-scale.md).
 * Why this and not a native select or a Radix widget: docs/decisions/016-bookings-row-menu.md.
 *
 * Keyboard: Enter, Space, Down or Up on the button opens the list on the
 * current choice; Up, Down, Home, End and a first letter move; Enter or Space
 * chooses; Escape closes; Tab closes and moves on. Focus returns to the button.
 */
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
  type ReactNode,
} from "react";
import { cn } from "~/utils/cn";

export interface MenuChoice {
  value: string;
  label: string;
}

interface MenuRequest {
  /** Which row's button asked (one open at a time). */
  owner: string;
  trigger: HTMLElement;
  /** Names the list while it is open, e.g. "Status for booking #12". */
  label: string;
  value: string;
  choices: readonly MenuChoice[];
  onChoose: (value: string) => void;
}

/** Which row the menu is open for, shared by the menu and every row's button without re-rendering the other rows. */
class RowMenuStore {
  request: MenuRequest | null = null;
  private listeners = new Set<() => void>();
  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  open(request: MenuRequest) {
    this.request = request;
    this.emit();
  }
  close() {
    if (!this.request) return;
    this.request = null;
    this.emit();
  }
  private emit() {
    for (const listener of this.listeners) listener();
  }
}

/** The page's menu of one kind: its store, and the id its buttons point to. */
export function useRowMenu() {
  const [store] = useState(() => new RowMenuStore());
  return { store, id: useId() };
}

function useOpenFor(store: RowMenuStore, owner: string) {
  return useSyncExternalStore(
    store.subscribe,
    () => store.request?.owner === owner,
    () => false,
  );
}

/**
 * A row's button: it shows the row's current choice (`children`), is named by
 * `label` plus that choice ("Status for booking #12: Pending"), and opens the
 * page's menu on it. While the row's change is on its way it waits
 * (`aria-disabled`, keeping focus where it is).
 */
export function RowMenuTrigger({
  menu,
  owner,
  label,
  value,
  choices,
  onChoose,
  busy,
  className,
  children,
}: {
  menu: { store: RowMenuStore; id: string };
  owner: string;
  label: string;
  value: string;
  choices: readonly MenuChoice[];
  onChoose: (value: string) => void;
  busy?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const expanded = useOpenFor(menu.store, owner);
  const open = (trigger: HTMLElement) =>
    menu.store.open({ owner, trigger, label, value, choices, onChoose: (v) => v !== value && onChoose(v) });
  return (
    <button
      type="button"
      className={cn("menu-trigger", className)}
      aria-haspopup="listbox"
      aria-expanded={expanded}
      aria-controls={menu.id}
      aria-disabled={busy || undefined}
      // Pressing the button of the open menu closes it (without the list first losing focus and closing itself).
      onMouseDown={(event) => expanded && event.preventDefault()}
      onClick={(event) => {
        if (busy) return;
        if (!expanded) return open(event.currentTarget);
        menu.store.close();
        event.currentTarget.focus();
      }}
      onKeyDown={(event) => {
        if (busy || (event.key !== "ArrowDown" && event.key !== "ArrowUp")) return;
        event.preventDefault();
        open(event.currentTarget);
      }}
    >
      <span className="sr-only">{`${label}: `}</span>
      {children}
    </button>
  );
}

const GAP = 4;

/** The position of the choice an event happened on, if any. */
function optionIndex(target: EventTarget): number | null {
  const option = target instanceof Element ? target.closest("[data-index]") : null;
  return option ? Number(option.getAttribute("data-index")) : null;
}

// Layout effects run only in the browser; the server renders the list closed.
const useBrowserLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

/** The list's ref. Opened, the list sits under (or over) the button, follows it while the page scrolls, and takes focus. */
function usePlacement(request: MenuRequest | null) {
  const list = useRef<HTMLUListElement>(null);
  useBrowserLayoutEffect(() => {
    const element = list.current;
    if (!request || !element) return;
    const position = () => {
      const anchor = request.trigger.getBoundingClientRect();
      const height = element.offsetHeight;
      const below = anchor.bottom + GAP + height <= window.innerHeight || anchor.top - GAP - height < 0;
      element.style.top = `${below ? anchor.bottom + GAP : anchor.top - GAP - height}px`;
      element.style.left = `${Math.max(GAP, Math.min(anchor.left, window.innerWidth - element.offsetWidth - GAP))}px`;
      element.style.minWidth = `${anchor.width}px`;
    };
    position();
    element.focus({ preventScroll: true });
    window.addEventListener("scroll", position, true);
    window.addEventListener("resize", position);
    return () => {
      window.removeEventListener("scroll", position, true);
      window.removeEventListener("resize", position);
    };
  }, [request]);
  return list;
}

/**
 * What a key pressed in the open list does (the WAI listbox keys): move the active choice (arrows, Home/End,
 * Page Up/Down, or type-ahead to the next choice starting with a letter), choose it (Enter, Space), or close
 * the list (Escape, Tab). Null: the key does nothing here.
 */
function listKey(
  key: string,
  active: number,
  shown: readonly MenuChoice[],
): { kind: "move"; index: number } | { kind: "choose" } | { kind: "close" } | null {
  const last = shown.length - 1;
  const move = (index: number) => ({ kind: "move" as const, index: Math.max(0, Math.min(last, index)) });
  switch (key) {
    case "ArrowDown":
      return move(active + 1);
    case "ArrowUp":
      return move(active - 1);
    case "Home":
    case "PageUp":
      return move(0);
    case "End":
    case "PageDown":
      return move(last);
    case "Enter":
    case " ":
      return { kind: "choose" };
    case "Escape":
    case "Tab":
      return { kind: "close" };
  }
  if (key.length !== 1 || !/\S/.test(key)) return null;
  const letter = key.toLowerCase();
  const order = [...shown.keys()].map((i) => (active + 1 + i) % shown.length);
  const found = order.find((i) => shown[i]!.label.toLowerCase().startsWith(letter));
  return found === undefined ? null : move(found);
}

/**
 * The page's one listbox of this kind. Its server-rendered choices
 * (`choices`) are in the page once, hidden; opened for a row it shows that
 * row's choices (a technician no longer active stays listed for their own
 * visits) beside the row's button.
 */
export function RowMenu({
  menu,
  label,
  choices,
}: {
  menu: { store: RowMenuStore; id: string };
  label: string;
  choices: readonly MenuChoice[];
}) {
  const { store, id } = menu;
  const request = useSyncExternalStore(
    store.subscribe,
    () => store.request,
    () => null,
  );
  const list = usePlacement(request);
  const shown = request?.choices ?? choices;
  // The active choice: the current one when the list opens, then wherever the keys or the pointer move it.
  const [moved, setMoved] = useState<{ request: MenuRequest; index: number } | null>(null);
  const active =
    request && moved?.request === request
      ? moved.index
      : Math.max(
          0,
          shown.findIndex((c) => c.value === request?.value),
        );
  const setActive = (index: number) => request && setMoved({ request, index });

  // The active choice stays in view in a long list.
  useEffect(() => {
    if (request) document.getElementById(`${id}-${active}`)?.scrollIntoView({ block: "nearest" });
  }, [request, active, id]);

  const close = (refocus: boolean) => {
    const trigger = request?.trigger;
    store.close();
    if (refocus) trigger?.focus({ preventScroll: true });
  };
  const choose = (index: number) => {
    const choice = shown[index];
    const onChoose = request?.onChoose;
    close(true);
    if (choice && onChoose) onChoose(choice.value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const effect = listKey(event.key, active, shown);
    if (!effect) return;
    // Tab closes the list and, back on the button, goes on from there.
    if (event.key !== "Tab") event.preventDefault();
    if (effect.kind === "move") setActive(effect.index);
    else if (effect.kind === "choose") choose(active);
    else close(true);
  };

  return (
    <ul
      ref={list}
      id={id}
      role="listbox"
      aria-label={request?.label ?? label}
      aria-activedescendant={request ? `${id}-${active}` : undefined}
      tabIndex={-1}
      hidden={!request}
      onKeyDown={onKeyDown}
      // A press on a choice keeps focus in the list; pressing anywhere else closes it.
      onMouseDown={(event) => event.preventDefault()}
      onClick={(event) => {
        const index = optionIndex(event.target);
        if (index !== null) choose(index);
      }}
      onMouseMove={(event) => {
        const index = optionIndex(event.target);
        if (index !== null && index !== active) setActive(index);
      }}
      onBlur={() => close(false)}
      className="row-menu"
    >
      {shown.map((choice, index) => (
        <li
          key={choice.value}
          id={`${id}-${index}`}
          role="option"
          aria-selected={choice.value === (request?.value ?? null)}
          data-index={index}
          className={request && index === active ? "active" : undefined}
        >
          {choice.label}
        </li>
      ))}
    </ul>
  );
}
