import { revealResult } from "~/utils/reveal";
import { CONTACT_FORM_ID, SENT_ANCHOR, UNREACHABLE_ANCHOR } from "./sent";

/**
 * The contact form on a page without the app's scripts (docs/decisions/025-public-pages-without-app-scripts.md)
 * is a plain form: its post leaves the page. When that post gets no answer (the network gone), the
 * browser shows its own error page in the form's place, and the visitor opens the page again (or
 * goes back to it, where the browser kept it). So that nothing typed
 * is lost and the apology with the phone number shows (docs/product.md#contact-page), what is sent
 * is kept in this tab's storage for a few minutes; a page that answers the post (the thank-you, a
 * refusal, the server's own apology) drops it, and the form, found again without an answer, fills
 * in from it and shows the apology. Plain DOM: run by the site's script (web/app/entry.site.ts).
 */
const DRAFT_KEY = "bce-contact:unanswered";

/** How long a post may stay unanswered and still be the one the visitor comes back from. */
const DRAFT_LIFETIME_MS = 15 * 60 * 1000;

interface Draft {
  at: number;
  values: Record<string, string>;
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** The controls a person fills in: not the hidden fields, nor the honeypot, which people never see. */
function typedControls(form: HTMLFormElement): Control[] {
  return Array.from(form.elements).filter(
    (element): element is Control =>
      (element instanceof HTMLInputElement ||
        element instanceof HTMLSelectElement ||
        element instanceof HTMLTextAreaElement) &&
      element.name !== "" &&
      element.type !== "hidden" &&
      element.tabIndex !== -1,
  );
}

/** What a control holds as typed: a box's "on" only when ticked. */
const valueOf = (control: Control) =>
  control instanceof HTMLInputElement && control.type === "checkbox" ? (control.checked ? "on" : "") : control.value;

function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function readDraft(storage: Storage): Draft | null {
  try {
    const draft = JSON.parse(storage.getItem(DRAFT_KEY) ?? "null") as Draft | null;
    return draft && typeof draft.at === "number" && typeof draft.values === "object" ? draft : null;
  } catch {
    return null;
  }
}

/**
 * On /contact: keeps the form's post until a page answers it, and shows the apology, with what was
 * typed, when none did. The thank-you page (no form) is an answer.
 */
export function keepUnansweredContact() {
  const form = document.getElementById(CONTACT_FORM_ID);
  const storage = tabStorage();
  if (!storage || !(form instanceof HTMLFormElement)) {
    if (document.getElementById(SENT_ANCHOR)) storage?.removeItem(DRAFT_KEY);
    return;
  }

  form.addEventListener("submit", () => {
    const values = Object.fromEntries(typedControls(form).map((control) => [control.name, valueOf(control)]));
    try {
      storage.setItem(DRAFT_KEY, JSON.stringify({ at: Date.now(), values } satisfies Draft));
    } catch {
      // Storage full or refused: the post goes as it would have.
    }
  });

  const comeBack = () => {
    const draft = readDraft(storage);
    storage.removeItem(DRAFT_KEY);
    // The form renders the hidden apology only where the page holds no answer to a post (a refusal, the server's apology).
    const apology = document.getElementById(UNREACHABLE_ANCHOR);
    if (!draft || !apology || Date.now() - draft.at > DRAFT_LIFETIME_MS) return;
    for (const control of typedControls(form)) {
      const value = draft.values[control.name];
      if (value === undefined) continue;
      // A box (texts' consent) is as it was ticked, never ticked for the person.
      if (control instanceof HTMLInputElement && control.type === "checkbox") control.checked = value === "on";
      else control.value = value;
    }
    apology.hidden = false;
    revealResult(apology);
  };
  comeBack();
  // Back from the browser's error page to a page it kept in memory: this module did not run again.
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) comeBack();
  });
}
