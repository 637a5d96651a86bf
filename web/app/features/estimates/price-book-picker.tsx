import { useId, useRef, useState, type KeyboardEvent } from "react";
import { priceBookLineText } from "@app/shared/api/estimates";
import { formatCents, formatCentsPlain } from "@app/shared/money/money";
import { Input } from "~/components/ui/field";
import { cn } from "~/utils/cn";

/**
 * The estimate builder's price-book picker (docs/product.md#estimates), once the page's JavaScript
 * runs (without it the line offers the plain list of the price book): a combobox with its listbox, as
 * the ARIA pattern has it. Typing filters the items by every word typed (name and description);
 * Down and Up move through them, Enter or a tap picks one, Escape closes the list. Picking fills the
 * line's item, description (the item's name and description, still editable) and unit price; the
 * item says whether it is taxed. Clearing the box makes the line written in; leaving it with a search
 * not picked shows the line's item again.
 */

export interface PriceChoice {
  id: number;
  name: string;
  description: string | null;
  unitPriceCents: number;
  taxable: boolean;
}

/** The most items the list shows at once (type more to narrow it). */
const SHOWN = 20;

/** The items whose name or description holds every word typed, in the price book's order. */
function matchingItems(items: readonly PriceChoice[], query: string): PriceChoice[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return items
    .filter((item) => {
      const text = `${item.name} ${item.description ?? ""}`.toLowerCase();
      return words.every((word) => text.includes(word));
    })
    .slice(0, SHOWN);
}

/** Sets a control of the form as if typed, so the form's state (Conform) hears it. */
function setControl(form: HTMLFormElement | null, name: string, value: string) {
  const control = form?.elements.namedItem(name);
  if (!(control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement)) return;
  control.value = value;
  control.dispatchEvent(new Event("input", { bubbles: true }));
}

export function PriceBookPicker({
  items,
  label,
  names,
  chosenId,
  invalid,
}: {
  items: readonly PriceChoice[];
  /** The accessible name ("Option 1, line 2: price book item"). */
  label: string;
  /** The line's fields the pick fills. */
  names: { item: string; description: string; price: string };
  chosenId: number | null;
  invalid?: boolean;
}) {
  const chosen = chosenId === null ? undefined : items.find((item) => item.id === chosenId);
  const [query, setQuery] = useState(chosen?.name ?? "");
  // The item the line holds now: leaving the box with a search not picked shows it again, so the box
  // never names another item than the one the line will save (cleared, the line is written in).
  const [pickedName, setPickedName] = useState(chosen?.name ?? "");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const matches = matchingItems(items, query === chosen?.name ? "" : query);
  const optionId = (i: number) => `${listId}-${i}`;

  const pick = (item: PriceChoice) => {
    const form = input.current?.form ?? null;
    setControl(form, names.item, String(item.id));
    setControl(form, names.description, priceBookLineText(item));
    setControl(form, names.price, formatCentsPlain(item.unitPriceCents));
    setQuery(item.name);
    setPickedName(item.name);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(0);
        return;
      }
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((i) => (matches.length ? (i + step + matches.length) % matches.length : 0));
    } else if (event.key === "Enter" && open) {
      // Enter picks; it never sends the form while the list is open.
      event.preventDefault();
      const item = matches[active];
      if (item) pick(item);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  return (
    <div className="relative min-w-0">
      <Input
        ref={input}
        type="text"
        role="combobox"
        aria-label={label}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && matches[active] ? optionId(active) : undefined}
        aria-invalid={invalid ? true : undefined}
        placeholder="Search the price book"
        autoComplete="off"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          setOpen(true);
          if (event.target.value.trim()) return;
          setControl(input.current?.form ?? null, names.item, "");
          setPickedName("");
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          setQuery(pickedName);
        }}
        onKeyDown={onKeyDown}
      />
      <MatchList
        id={listId}
        label={label}
        open={open}
        matches={matches}
        active={active}
        optionId={optionId}
        onPick={pick}
      />
    </div>
  );
}

/** The combobox's listbox: the matches (at most SHOWN), the active one marked, or a note that none matches. */
function MatchList({
  id: listId,
  label,
  open,
  matches,
  active,
  optionId,
  onPick,
}: {
  id: string;
  label: string;
  open: boolean;
  matches: readonly PriceChoice[];
  active: number;
  optionId: (i: number) => string;
  onPick: (item: PriceChoice) => void;
}) {
  return (
    <ul
      id={listId}
      role="listbox"
      aria-label={`${label}: matches`}
      hidden={!open}
      className="absolute left-0 right-0 z-20 mt-1 max-h-72 overflow-auto rounded-md border border-slate-300 bg-white py-1 shadow-lg"
    >
      {matches.map((item, i) => (
        // The keys are the combobox's own (aria-activedescendant), as the ARIA pattern has them.
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events
        <li
          key={item.id}
          id={optionId(i)}
          role="option"
          aria-selected={i === active}
          // A tap picks before the box loses focus (which closes the list).
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onPick(item)}
          className={cn(
            "flex min-h-11 cursor-pointer flex-wrap items-center justify-between gap-x-3 px-3 py-2 text-sm [overflow-wrap:anywhere]",
            i === active ? "bg-brand-50 text-brand-900" : "text-slate-900",
          )}
        >
          <span className="font-medium">{item.name}</span>
          <span className="text-slate-600">
            {formatCents(item.unitPriceCents)} · {item.taxable ? "taxable" : "not taxed"}
          </span>
        </li>
      ))}
      {matches.length === 0 ? (
        <li role="option" aria-selected={false} aria-disabled="true" className="px-3 py-2 text-sm text-slate-600">
          No item matches: write the line in
        </li>
      ) : null}
    </ul>
  );
}
