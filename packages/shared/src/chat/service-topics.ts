/**
 * The service a visitor names in the chat (docs/product.md#chat-assistant): "I need a panel
 * upgrade, I have a Federal Pacific panel" is the Panel Upgrade service, "my generator won't
 * start" Generator Installation. The engine (./engine.ts) answers about that service and its
 * reply carries it, so the appointment form opens with it chosen.
 *
 * The patterns read the engine's normalised text (lower case, no punctuation, shorthand
 * expanded, typos corrected). Each asks for words that name the work, never a word alone that
 * ordinary talk uses otherwise: "fan" is a ceiling fan only when one is hung, installed or
 * replaced ("a big fan of your work" is not), "light" only as fixtures or lighting ("a light
 * rain" is not), "commercial" only with work or a business ("your commercial on TV" is not), a
 * panel not when it is solar. The first topic that matches wins: the specific before the general
 * (a Federal Pacific panel before a fault, a fault before the outlet it is in).
 */
import type { chatServiceOptions } from "../business";

/** A service of the appointment form's menu (business.chatServiceOptions). */
export type ChatService = (typeof chatServiceOptions)[number];

export interface ServiceTopic {
  service: ChatService;
  /** What the chat says about it first, before the offer to book. */
  lead: string;
}

/** A panel brand known to fail: its breakers may not trip (Federal Pacific's Stab-Lok, Zinsco). */
const HAZARD_BRANDS: Array<[RegExp, string]> = [
  [/\b(federal pacific|fpe|stab lok|stablok)\b/, "Federal Pacific"],
  [/\bzinsco\b/, "Zinsco"],
];

const PANEL =
  /\b(fuse ?box(es)?|fuse panels?|fuses? (keep )?blow\w*|breaker box(es)?|(electrical|breaker|main|service|circuit|sub) ?panels?|panel (upgrade|replacement|swap|change)s?|(upgrade|replace|change|swap)\w* (my |our |the |an |a |that )?(old |electrical |breaker )?panels?|(100|125|150|200|400) ?(amp|amps)\b|(electrical )?service upgrades?|more (amps|capacity|power))\b|(?<!(solar|wood|glass|fence|door|control|touch|acoustic|ceiling|drop|privacy|side|front|back) )\bpanels?\b/;

const EV_CHARGER =
  /\b((ev|electric (car|vehicle|truck)|car|vehicle|tesla|level (2|two)) charg\w*|charg(er|ers|ing station) for (my |our |an |a )?(ev|electric|tesla|car|truck)|wall connector)\b/;

const GENERATOR =
  /\b(generators?|generac|kohler|standby (power|unit)|backup power|transfer switch(es)?|generator interlock|interlock kit)\b/;

/** A fault to fix: what stopped working, flickers or trips (danger is the emergency reply's, not this). */
const REPAIR =
  /\b(flicker\w*|trips|tripping|tripped|keeps? (going out|blowing)|stopped working|quit working|not working|isnt working|doesnt work|dont work|wont (turn on|work|come on)|went out|dead (outlets?|switch(es)?|lights?|circuits?)|(outlets?|switch(es)?|lights?|circuits?) (is |are )?dead|repair\w*|troubleshoot\w*|rewir\w*|short circuit\w*|electrical problems?)\b/;

const CEILING_FAN =
  /\b(ceiling fans?|fans? (installed|install|installation|hung|put up|replaced|swapped)|(install\w*|hang\w*|put up|replac\w*|add\w*|swap\w*) (a |an |the |my |our |two |three |some |new |old )*(ceiling )?fans?)\b/;

const LIGHTING =
  /\b(lighting|light fixtures?|fixtures?|recessed (lights?|lighting|cans?)|can lights?|pot lights?|pendants?|chandeliers?|landscape lights?|security lights?|flood ?lights?|outdoor lights?|porch lights?|motion lights?|led (lights?|bulbs?|retrofits?|upgrades?)|under ?cabinet lights?|dimmers?|lights? (installed|install|installation|put in|added|hung))\b/;

const OUTLETS = /\b(outlets?|receptacles?|gfcis?|gfi|usb (outlets?|plugs?)|240 ?v(olt)? (outlets?|plugs?))\b/;

const COMMERCIAL =
  /\b(commercial (wiring|work|electric\w*|building|property|space|job|project|kitchen|account|service|lighting)s?|restaurants?|warehouses?|office (building|space|suite)s?|(my|our|a) (business|store|shop|restaurant|warehouse|office|plant|clinic)|tenant build ?outs?|build ?outs?|(three|3) phase|industrial|retail (space|store)s?|strip mall)\b/;

const topics: Array<{ pattern: RegExp; topic: (text: string) => ServiceTopic }> = [
  {
    pattern: new RegExp(HAZARD_BRANDS.map(([re]) => re.source).join("|")),
    topic: (text) => {
      const brand = HAZARD_BRANDS.find(([re]) => re.test(text))?.[1] ?? "Federal Pacific";
      return {
        service: "Panel Upgrade",
        lead: `${brand} panels are a known fire hazard: their breakers can fail to trip when a circuit is overloaded. The fix is a panel upgrade: a licensed electrician replaces the old panel with a new breaker panel, to code.`,
      };
    },
  },
  {
    pattern: EV_CHARGER,
    topic: () => ({
      service: "Panel Upgrade",
      lead: "An EV charger needs a circuit of its own, and often more capacity than an older panel has: EV charger circuits and the panel work they need are part of our panel upgrades.",
    }),
  },
  {
    pattern: PANEL,
    topic: () => ({
      service: "Panel Upgrade",
      lead: "Yes, we do panel upgrades: we replace old fuse boxes and recalled breaker panels, upgrade 100A service to 200A, and add subpanels and the capacity today's appliances need.",
    }),
  },
  {
    pattern: GENERATOR,
    topic: () => ({
      service: "Generator Installation",
      lead: "Yes, we install standby and portable generators sized to your home or business, with a transfer switch, and maintain them so they start when the next storm takes the grid down.",
    }),
  },
  {
    pattern: REPAIR,
    topic: () => ({
      service: "Electrical Repair",
      lead: "That sounds like a job for an electrical repair visit: a licensed electrician finds the cause and fixes it.",
    }),
  },
  {
    pattern: CEILING_FAN,
    topic: () => ({
      service: "Ceiling Fan Installation",
      lead: "Yes, we install and replace ceiling fans, including the wiring and a fan-rated box where there isn't one.",
    }),
  },
  {
    pattern: LIGHTING,
    topic: () => ({
      service: "Lighting Installation",
      lead: "Yes, we install indoor, recessed, pendant, landscape and security lighting, and LED upgrades.",
    }),
  },
  {
    pattern: OUTLETS,
    topic: () => ({
      service: "Outlet Installation",
      lead: "Yes, we add and replace outlets, including GFCI outlets for kitchens, baths, garages and outdoors.",
    }),
  },
  {
    pattern: COMMERCIAL,
    topic: () => ({
      service: "Commercial Wiring",
      lead: "Yes, we wire offices, shops, restaurants and warehouses, from new construction to tenant build-outs, scheduled around your business hours.",
    }),
  },
];

/** The service a message names (its normalised text), with what the chat says about it; null when it names none. */
export function serviceTopicIn(text: string): ServiceTopic | null {
  for (const { pattern, topic } of topics) if (pattern.test(text)) return topic(text);
  return null;
}
