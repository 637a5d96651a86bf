/**
 * The built-in chat assistant: a hand-written, explainable intent scorer and a
 * reply composer that answers only from the business facts. No network, no
 * model. An LLM may re-word a reply elsewhere, but intent and actions come from here.
 *
 * Pipeline: normalise → correct typos against the lexicon → score keyword and
 * phrase features per intent (with cheap negation) → pick the intent (danger
 * first) → compose the reply from `BusinessFacts`.
 */
import { business, formatAddress, serviceAreaSentence, type BusinessFacts } from "../business";
import { addLocalDays, businessDate, localWeekday, WEEKDAYS } from "../time";
import { officeStatus } from "./hours";
import { afterHoursNotice, isBookingAction, joinList, MAX_SUGGESTED_ACTIONS } from "./rules";
import { serviceTopicIn, type ChatService, type ServiceTopic } from "./service-topics";

export type { ChatService } from "./service-topics";

export const chatIntents = [
  "greeting",
  "booking",
  "emergency",
  "pricing",
  "services",
  "hours",
  "service_area",
  "contact",
  "thanks",
  "other",
] as const;
export type ChatIntent = (typeof chatIntents)[number];

export interface ChatTurn {
  sender: "user" | "assistant" | "staff";
  message: string;
  intent?: string | null;
  suggestedActions?: string[];
}

export interface EngineReply {
  intent: ChatIntent;
  /** Plain text, may contain newlines; no HTML or markdown. */
  message: string;
  /** At most 3. Booking actions say "booking form" or "Schedule"; the rest are questions to send. */
  suggestedActions: string[];
  /** The reply offers booking (the client shows a follow-up offer after 1 s). */
  suggestsBooking: boolean;
  /** The client should open the appointment form right away. */
  openBookingForm: boolean;
  /**
   * The visitor asked for a visit on this Baton Rouge date ("can someone come
   * Friday?"): the caller answers with that day's open windows (./windows.ts).
   */
  windowDay?: string;
  /**
   * The service the visitor named ("a Federal Pacific panel" is Panel Upgrade; ./service-topics.ts),
   * or, for a reply about booking, the one they named earlier in the conversation: the appointment
   * form opens with it chosen. Absent when none was named, and for an emergency.
   */
  service?: ChatService;
}

export { MAX_SUGGESTED_ACTIONS as maxSuggestedActions } from "./rules";

export { afterHoursNotice, greetingMessage, isBookingAction } from "./rules";

// ---------------------------------------------------------------------------
// Normalisation
// ---------------------------------------------------------------------------

/** Chat shorthand → plain words, applied per token after punctuation is gone. */
const shorthand: Record<string, string> = {
  u: "you",
  ya: "you",
  yall: "you",
  youall: "you",
  ur: "your",
  r: "are",
  n: "and",
  pls: "please",
  plz: "please",
  pleez: "please",
  thx: "thanks",
  thnx: "thanks",
  thks: "thanks",
  thanx: "thanks",
  tx: "thanks",
  ty: "thanks",
  tysm: "thanks",
  tyvm: "thanks",
  hrs: "hours",
  hr: "hour",
  appt: "appointment",
  appts: "appointments",
  tmrw: "tomorrow",
  tmr: "tomorrow",
  tmrow: "tomorrow",
  tomorow: "tomorrow",
  wk: "week",
  wknd: "weekend",
  wkend: "weekend",
  wat: "what",
  wut: "what",
  wht: "what",
  whats: "what is",
  wats: "what is",
  wheres: "where is",
  whens: "when is",
  hows: "how is",
  id: "i would",
  hw: "how",
  im: "i am",
  fone: "phone",
  ph: "phone",
  num: "number",
  gonna: "going to",
  wanna: "want to",
  lemme: "let me",
  mornin: "morning",
  evenin: "evening",
  helo: "hello",
  ok: "okay",
  k: "okay",
  kk: "okay",
  okey: "okay",
  yea: "yes",
  yeah: "yes",
  yep: "yes",
  yup: "yes",
  yas: "yes",
  ye: "yes",
  yeh: "yes",
  nah: "no",
  nope: "no",
  la: "louisiana",
  hwy: "highway",
};

/** Multi-word things that must not trigger their parts ("hot tub" is not a hazard). */
const phraseJoins: Array<[RegExp, string]> = [
  [/\b24\s*[/-]\s*7(\s*\/\s*365)?\b|\baround the clock\b/g, " allhours "],
  [/\be[\s-]mail/g, "email"],
  [/\bhot tubs?\b/g, " hottub "],
  [/\b(hot )?water heaters?\b/g, " waterheater "],
  [/\b(smoke|fire|co) (detectors?|alarms?)\b/g, " alarmdetector "],
  [/\bafter[\s-]hours\b/g, " afterhours "],
  [/\$/g, " dollars "],
  [/#/g, " number "],
  [/(\d)\s*(am|pm)\b/g, "$1 $2"],
];

export interface NormalisedText {
  /** Corrected words, no punctuation. */
  words: string[];
  /** Clause number per word (a new clause after . , ; ! ? or "and"/"but"), for negation scope. */
  clause: number[];
  /** `words` joined by single spaces; phrase patterns run on this. */
  text: string;
}

function foldText(raw: string): string {
  let s = raw
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
  s = s.replace(/['’`]/g, "");
  for (const [re, to] of phraseJoins) s = s.replace(re, to);
  return s.replace(/(.)\1{2,}/g, "$1"); // "hellooo" → "hello"
}

/** Short words people stretch in a text ("hii", "yess", "okk", "heyy"): read as the word they stretch. */
const STRETCHED = new Set([
  "hi",
  "hey",
  "yes",
  "yep",
  "yup",
  "ok",
  "no",
  "nope",
  "ya",
  "yo",
  "sure",
  "thx",
  "ty",
  "hello",
]);
const unstretched = (word: string) => {
  if (word.length > 7 || STRETCHED.has(word)) return word;
  const collapsed = word.replace(/(.)\1+/g, "$1");
  return STRETCHED.has(collapsed) ? collapsed : word;
};

/** A whole message of one word that means more than its shorthand: a lone "ya" is a yes, not "you". */
const WHOLE_MESSAGE: Record<string, string> = { ya: "yes", yah: "yes", yea: "yes", ye: "yes", yas: "yes", y: "yes" };

/** Lower-case words with shorthand expanded; no typo correction (used for place names too). */
function plainWords(raw: string): string[] {
  return foldText(raw)
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .flatMap((w) => (shorthand[w] ?? w).split(" "));
}

// ---------------------------------------------------------------------------
// Lexicon: keyword and phrase features per intent
// ---------------------------------------------------------------------------

/** "danger" feeds emergency and wins outright; "domain" (things we work on) feeds services, capped. */
type Target = ChatIntent | "danger" | "domain";

/** Space-separated words; a trailing * matches any word starting with the stem. */
const keywordRules: Array<[Target, number, string]> = [
  [
    "danger",
    3,
    "spark* smok* fire fires flame* melt* sizzl* arcing arced scorch* electrocut* shock shocks shocked shocking zap* explod* burn* burnt charred",
  ],
  ["danger", 2.5, "flood* transformer"],
  ["danger", 1.5, "hot buzzing popping"],
  ["emergency", 3, "emergenc* urgent urgently"],
  ["emergency", 2.5, "allhours outage blackout"],
  ["emergency", 1, "asap immediately afterhours"],
  ["booking", 3, "book booking booked schedul* appointment* reschedul*"],
  ["booking", 2.5, "availability"],
  ["booking", 2, "opening openings calendar visit slot slots reserve"],
  ["booking", 1.5, "tomorrow"],
  ["booking", 1, "need available inspection consultation"],
  ["booking", 0.5, "today"],
  ["pricing", 3, "pric* cost* expensive hourly financ* discount* coupon* ballpark"],
  ["pricing", 2.5, "fee fees charge charges charged estimate* quote* cheap* afford*"],
  ["pricing", 2, "rate rates payment* pay paying dollars bucks budget zelle venmo"],
  ["pricing", 1, "free extra credit"],
  ["services", 3, "services specialize specializing specialise"],
  ["services", 1, "service"],
  [
    "domain",
    1,
    "panel* generator* generac kohler standby light* fixture* fan fans ceiling outlet* receptacle* gfci wiring wire wires rewir* commercial residential industrial ev charger* tesla alarmdetector breaker* surge switch* dimmer* hottub pool remodel* construction renovation warehouse* restaurant building* shop inspection* upgrade* install* repair* replace* maintenance troubleshoot* transfer amp amps electrical",
  ],
  ["domain", 0.5, "electrician"],
  ["hours", 3, "hour hours"],
  ["hours", 2.5, "open opens close closed closes closing"],
  ["hours", 2, "weekend weekends weekdays holiday* operation operating"],
  ["hours", 1.5, "saturday saturdays sunday sundays"],
  ["hours", 1, "monday mondays tuesday wednesday thursday friday fridays late early"],
  ["service_area", 3, "serve serving served radius zip"],
  ["service_area", 2.5, "area areas cover covers coverage travel parish parishes"],
  ["service_area", 2, "far nearby region"],
  ["service_area", 1.5, "town towns city cities county counties miles surrounding"],
  ["service_area", 0.5, "near louisiana outside"],
  ["contact", 3, "phone email contact reach human located ahold"],
  ["contact", 2.5, "number address location facebook instagram nextdoor social"],
  ["contact", 2, "text speak talk person directions"],
  ["contact", 1.5, "call"],
  ["contact", 1, "office owner manager message"],
  ["thanks", 3, "thank thanks appreciate appreciated"],
  ["thanks", 2, "bye goodbye"],
  ["thanks", 1, "great awesome perfect cool gotcha"],
  ["greeting", 2, "hi hello hey heyy hiya howdy yo greetings sup hola"],
  ["greeting", 1, "morning afternoon evening"],
  [
    "other",
    3,
    "licensed license licence insured insurance bonded hiring apprentice career careers resume plumber plumbing weather joke homework bot robot wifi internet spanish espanol reviews review owns",
  ],
  ["other", 2, "job llc"],
];

/** Phrase features on the corrected text. */
const phraseRules: Array<[Target, number, RegExp]> = [
  // danger
  [
    "danger",
    3.5,
    /\b(power |electric |electrical )?(line|lines|wire|wires|pole)\b.{0,25}\b(down|fell|fallen|ground|snapped|hanging|dangling|sagging)\b/,
  ],
  ["danger", 3, /\b(down|fell|fallen|snapped)\b.{0,20}\b(line|lines|wire|wires|pole)\b/],
  [
    "danger",
    3,
    /\bwater\b.*\b(panel|outlets?|breakers?|meter|fixtures?|wiring|lights?|wires?|switch)\b|\b(panel|outlets?|breakers?|meter|fixtures?|wiring|lights?|wires?|switch)\b.*\bwater\b/,
  ],
  ["danger", 2.5, /\bmeter\b.*\b(hanging|ripped|torn|pulled|off the (house|wall))\b|\bhanging\b.*\bmeter\b/],
  ["danger", 1, /\bsmell\w*\b.{0,30}\b(plastic|fishy|hot)\b/],
  // urgency and outages
  ["emergency", 2, /\bno (power|electricity|lights)\b|\b(lost|knocked out) (my |our |the )?(power|electricity)\b/],
  ["emergency", 1.5, /\b(power|electricity) (is |went )?(out|off)\b/],
  ["emergency", 1, /\b(right now|at night|middle of the night|whole house|entire house)\b/],
  ["emergency", 3, /\bwhat (should|do) i do (until|till|before)\b/],
  ["emergency", 2, /\bhow (fast|quick|quickly|soon) can (you|someone) (get|be) (here|there)\b/],
  ["emergency", 1.5, /\bis it safe\b/],
  // booking
  ["booking", 2.5, /\b(need|want|like|get|send|have) (an |a |the )?(electrician|someone|somebody|tech|technician)\b/],
  ["booking", 2.5, /\b(can|could|will|would) (you|someone|somebody)( guys| all)? (come|send|get|stop)\b/],
  ["booking", 2.5, /\bwhen (can|could|will) (you|someone|somebody)\b|\bhow soon can\b/],
  ["booking", 2.5, /\bset up (a |an )?(time|appointment|visit|service)|\bsign me up\b/],
  ["booking", 3, /\b(book|schedule|set up) (a |an )?(free )?(estimate|quote|consultation|inspection)\b/],
  ["booking", 3, /\bget (a |an )?(free )?(consultation|inspection)\b/],
  // Asking for a quote is asking what it costs: estimates are free, and the answer offers to book one.
  [
    "pricing",
    3,
    /\b(get|need|want|like|give me|send me) (a |an |some )?(free |rough |quick )?(estimate|quote|price)s?\b/,
  ],
  ["booking", 3, /\bdo you have (anything |any )?(open|openings?|available|availability|time)\b/],
  ["booking", 2, /\bcome\b.{0,20}\b(fix|install|hang|look|check|replace|hook|wire|put)\b/],
  ["booking", 2, /\b(i|we) (want|need|would like) to (change|replace|install|add|fix|upgrade|move|put|get|have)\b/],
  [
    "booking",
    2,
    /\b(need|want|like) .{0,30}\b(installed|fixed|replaced|repaired|upgraded|moved|added|looked at|checked)\b/,
  ],
  ["booking", 1.5, /\bcome (out|by|over)\b|\btake a look\b/],
  ["booking", 1.5, /\b(next|this) (week|monday|tuesday|wednesday|thursday|friday|saturday|sunday|morning|afternoon)\b/],
  // A non-dangerous fault report ("breaker keeps tripping") is a request for a visit.
  [
    "booking",
    2,
    /(?=.*\b(outlets?|breakers?|lights?|switch(es)?|panel|fans?|wiring|generator|fixtures?|circuits?)\b).*\b(flicker\w*|trips|tripping|keeps? (going out|blowing)|stopped working|quit working|not working|isnt working|doesnt work|wont (turn on|work)|went out|dead|dims?|dimming)\b/,
  ],
  // pricing
  ["pricing", 3.5, /\bhow much\b/],
  ["pricing", 3, /\bwhat (does|would|will|do) .{0,40}\b(run|cost)\b/],
  ["pricing", 1.5, /\b(is|are) .{0,25}\bfree\b|\bfree (estimate|estimates|quote|quotes|consultation)\b/],
  ["pricing", 2.5, /\btake (credit|cards?|checks?|cash)\b|\bpay (with|by|in)\b|\bbeat (it|that|the price)\b/],
  ["pricing", 1.5, /\b(trip|travel|service call|call out|callout|diagnostic) (fee|charge)s?\b/],
  // services
  ["services", 3.5, /\bwhat (do you do|kind of|type of|sort of|types of|kinds of)\b/],
  ["services", 2.5, /\bdo you (do|install|fix|repair|handle|work on|offer|provide|put in|hook up|replace|wire|add)\b/],
  ["services", 2.5, /\bcan you (install|fix|repair|wire|replace|put in|hook up|add|do|help with|handle)\b/],
  // hours
  [
    "hours",
    2.5,
    /\bwhat time\b|\btill when\b|\buntil when\b|\b(good|best) time to (call|reach|stop)\b|\bwhen (can|should) i call\b/,
  ],
  ["hours", 2, /\bwhen (are|do|does|is) (you|the office|your office) (open|close)/],
  ["hours", 2, /\bwhat days\b|\b(business|office) hours\b/],
  ["hours", 2, /\b(after|before|past) \d{1,2}( am| pm)?\b|\bat \d{1,2} ?(am|pm)\b/],
  // "what do you have open" asks about free slots, not office hours: cancel the "open" keyword.
  ["hours", -2.5, /\bhave (anything |any )?open\b/],
  // service area
  ["service_area", 2.5, /\bdo you (come|go|travel)\b.{0,20}\b(to|this way|out here|that far|as far)\b/],
  [
    "service_area",
    3,
    /\bwhat (cities|towns|areas|parishes|places|counties|parts)\b|\b(in|near) your area\b|\bmy area\b|\bhow far\b|\bwhere do you (serve|work|go)\b/,
  ],
  // contact
  [
    "contact",
    3,
    /\bget in touch\b|\bhear back\b|\bwhere (are you|is your (office|shop|building|business|location)|is the office)\b/,
  ],
  ["contact", 2, /\bcall (me|back)\b|\bstop by\b|\breal person\b/],
  ["contact", 3, /\b(send|email|text) (you |yall |them )?(a |some )?(photos?|pictures?|pics?|videos?)\b/],
  // thanks
  ["thanks", 2, /\b(thats all|all set|sounds good|got it|have a good (day|one|night|evening))\b/],
  ["thanks", 3, /\bno thanks?\b|\bno thank you\b/],
  // greeting
  ["greeting", 1.5, /\b(anyone|anybody) (there|home|here)\b|\bhow are you\b|\bgood (morning|afternoon|evening)\b/],
];

/** Never typo-corrected: ordinary words that sit one edit away from a keyword. */
const commonWords = new Set(
  (
    "about above after again along always another anything around asked because before being below better between bring broke brother " +
    "called cannot check change changed changing child close closet clothes could doing during early every first floor found front going great " +
    "guess happy having heard house inside kitchen later leave little looks maybe might money month mother never night other place point pretty " +
    "prize quick quite rated really right second seems shook should since small smell someone something spare start still stock store sorry " +
    "their there these thing think thinks those three today tried under until water where which while whole would write wrong years young " +
    "stove oven dryer washer fridge freezer heater garage attic ceiling porch patio storm trees share phase stack shack sever severe " +
    "hello helps helped helpful thats please sure okay morning evening ahead touch touching plug"
  ).split(" "),
);

const lexicon = new Set<string>();
for (const [, , words] of keywordRules) for (const w of words.split(" ")) lexicon.add(w.replace(/\*$/, ""));
// Full forms of the stems above, so "prise" and "emergancy" have something to be corrected to.
for (const w of "water after costs price prices pricing emergency schedule scheduling appointment smoke smoking sparks sparking burning estimate flooded what time much free available tomorrow week electrician someone somebody power electricity".split(
  " ",
))
  lexicon.add(w);

// ---------------------------------------------------------------------------
// Typo tolerance
// ---------------------------------------------------------------------------

/** Optimal-string-alignment distance (Levenshtein plus adjacent swaps), stopping early past `max`. */
function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, (prev2[j - 2] ?? 0) + 1);
      cur.push(d);
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > max) return max + 1;
    prev2 = prev;
    prev = cur;
  }
  return prev[b.length] ?? max + 1;
}

/**
 * Map a misspelt word onto the one lexicon word it is closest to. Short words are
 * left alone (too many real words sit one edit apart) and so is anything ambiguous.
 */
/** "installed", "outlets": a lexicon word plus an ending is spelt fine, whatever its distance. */
function isInflection(word: string): boolean {
  const m = /^(.{4,}?)(s|es|ed|d|ing|er|ers|ly)$/.exec(word);
  return !!m?.[1] && (lexicon.has(m[1]) || lexicon.has(`${m[1]}e`));
}

function correctWord(word: string, protectedWords: ReadonlySet<string>): string {
  if (
    word.length < 5 ||
    /\d/.test(word) ||
    lexicon.has(word) ||
    commonWords.has(word) ||
    protectedWords.has(word) ||
    isInflection(word)
  )
    return word;
  const max = word.length >= 8 ? 2 : 1;
  let best: string | null = null;
  let bestRank = Infinity;
  let tie = false;
  for (const candidate of lexicon) {
    if (candidate.length < 4 || candidate[0] !== word[0]) continue;
    const d = editDistance(word, candidate, max);
    if (d > max) continue;
    // Among equally close words prefer one of the same length ("servicse" → "services", not "service").
    const rank = d * 2 + (candidate.length === word.length ? 0 : 1);
    if (rank < bestRank) [best, bestRank, tie] = [candidate, rank, false];
    else if (rank === bestRank) tie = true;
  }
  return best && !tie ? best : word;
}

// ---------------------------------------------------------------------------
// Places: the facts' service-area aliases, plus a small gazetteer of other
// Louisiana places so we can tell "nearby, call us" from "clearly outside".
// ---------------------------------------------------------------------------

interface Place {
  name: string;
  parish: string;
  lat: number;
  lon: number;
  /** Skip the match when followed by this (e.g. "central air"). */
  notBefore?: RegExp;
}

const gazetteer: Place[] = [
  { name: "Zachary", parish: "East Baton Rouge", lat: 30.648, lon: -91.156 },
  {
    name: "Central",
    parish: "East Baton Rouge",
    lat: 30.554,
    lon: -91.037,
    notBefore: /^ (air|ac|heat|heating|unit|vac|vacuum)\b/,
  },
  { name: "Baker", parish: "East Baton Rouge", lat: 30.588, lon: -91.168 },
  { name: "Pride", parish: "East Baton Rouge", lat: 30.7, lon: -90.98 },
  { name: "Greenwell Springs", parish: "East Baton Rouge", lat: 30.54, lon: -90.99 },
  { name: "Shenandoah", parish: "East Baton Rouge", lat: 30.4, lon: -91.0 },
  { name: "Port Allen", parish: "West Baton Rouge", lat: 30.452, lon: -91.21 },
  { name: "Brusly", parish: "West Baton Rouge", lat: 30.394, lon: -91.254 },
  { name: "Addis", parish: "West Baton Rouge", lat: 30.354, lon: -91.265 },
  { name: "Plaquemine", parish: "Iberville", lat: 30.289, lon: -91.234 },
  { name: "St. Gabriel", parish: "Iberville", lat: 30.257, lon: -91.1 },
  { name: "White Castle", parish: "Iberville", lat: 30.17, lon: -91.147 },
  { name: "St. Francisville", parish: "West Feliciana", lat: 30.78, lon: -91.376 },
  { name: "New Roads", parish: "Pointe Coupee", lat: 30.7, lon: -91.436 },
  { name: "Clinton", parish: "East Feliciana", lat: 30.866, lon: -91.015 },
  { name: "Hammond", parish: "Tangipahoa", lat: 30.504, lon: -90.461 },
  { name: "Ponchatoula", parish: "Tangipahoa", lat: 30.439, lon: -90.441 },
  { name: "LaPlace", parish: "St. John the Baptist", lat: 30.067, lon: -90.481 },
  { name: "New Orleans", parish: "Orleans", lat: 29.951, lon: -90.072 },
  { name: "Metairie", parish: "Jefferson", lat: 29.984, lon: -90.153 },
  { name: "Kenner", parish: "Jefferson", lat: 29.994, lon: -90.242 },
  { name: "Slidell", parish: "St. Tammany", lat: 30.275, lon: -89.781 },
  { name: "Covington", parish: "St. Tammany", lat: 30.475, lon: -90.1 },
  { name: "Mandeville", parish: "St. Tammany", lat: 30.358, lon: -90.066 },
  { name: "Houma", parish: "Terrebonne", lat: 29.596, lon: -90.719 },
  { name: "Thibodaux", parish: "Lafourche", lat: 29.796, lon: -90.823 },
  { name: "Morgan City", parish: "St. Mary", lat: 29.7, lon: -91.206 },
  { name: "Lafayette", parish: "Lafayette", lat: 30.224, lon: -92.02 },
  { name: "New Iberia", parish: "Iberia", lat: 30.004, lon: -91.819 },
  { name: "Opelousas", parish: "St. Landry", lat: 30.533, lon: -92.081 },
  { name: "Lake Charles", parish: "Calcasieu", lat: 30.226, lon: -93.217 },
  { name: "Alexandria", parish: "Rapides", lat: 31.311, lon: -92.445 },
  { name: "Monroe", parish: "Ouachita", lat: 32.509, lon: -92.119 },
  { name: "Shreveport", parish: "Caddo", lat: 32.525, lon: -93.75 },
];

/** Beyond this from the office, an unlisted place is "clearly outside" rather than "nearby". */
const nearbyMiles = 30;

export interface PlaceMatch {
  /** How the visitor named it, tidied ("Prairieville", "New Orleans"). */
  name: string;
  status: "served" | "nearby" | "outside" | "zip";
  /** The service area it falls in, when served. */
  area?: string;
  /** Set when served only because its parish is one of the area aliases. */
  parish?: string;
}

const titleCase = (s: string) => s.replace(/\b[a-z]/g, (c) => c.toUpperCase()).replace(/\bSt\b(?!\.)/g, "St.");
const phrase = (s: string) => plainWords(s).join(" ");

function milesBetween(a: { latitude: number; longitude: number }, b: Place): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.latitude) * rad;
  const dLon = (b.lon - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 3958.8 * 2 * Math.asin(Math.sqrt(h));
}

function areaForAlias(alias: string, facts: BusinessFacts) {
  return facts.serviceAreas.find((a) => a.aliases.some((x) => phrase(x) === alias));
}

/** Fuzzy place matching only for long names: "Centarl" is Central, but "walked" is not Walker. */
const minFuzzyPlaceLength = 7;

/** Where `key` (one to three words) occurs in `words`, exactly or with a small typo; -1 if nowhere. */
function placeIndex(words: string[], key: string): number {
  const size = key.split(" ").length;
  const max = key.length >= 10 ? 2 : 1;
  let fuzzyAt = -1;
  for (let i = 0; i + size <= words.length; i++) {
    const candidate = words.slice(i, i + size).join(" ");
    if (candidate === key) return i;
    if (
      fuzzyAt < 0 &&
      key.length >= minFuzzyPlaceLength &&
      candidate[0] === key[0] &&
      !lexicon.has(candidate) &&
      !commonWords.has(candidate) &&
      editDistance(candidate, key, max) <= max
    )
      fuzzyAt = i;
  }
  return fuzzyAt;
}

/** Find the place the visitor names, longest match first. `plain` is the uncorrected word string. */
function findPlace(plain: string, facts: BusinessFacts = business): PlaceMatch | null {
  const words = plain.split(" ").filter(Boolean);
  const aliases = facts.serviceAreas
    .flatMap((area) => area.aliases.map((alias) => ({ area, alias: phrase(alias) })))
    .sort((a, b) => b.alias.length - a.alias.length);
  for (const { area, alias } of aliases) {
    if (placeIndex(words, alias) < 0) continue;
    // Abbreviations ("br", "ebr") read better as the area's own name.
    const name = alias.length <= 3 || area.name.toLowerCase().startsWith(alias) ? area.name : titleCase(alias);
    return { name, status: "served", area: area.name };
  }
  for (const place of gazetteer) {
    const key = phrase(place.name);
    const at = placeIndex(words, key);
    if (at < 0 || place.notBefore?.test(` ${words.slice(at + key.split(" ").length).join(" ")}`)) continue;
    const area = areaForAlias(phrase(place.parish), facts);
    if (area) return { name: place.name, status: "served", area: area.name, parish: place.parish };
    return { name: place.name, status: milesBetween(facts.geo, place) <= nearbyMiles ? "nearby" : "outside" };
  }
  const zip = /\b7\d{4}\b/.exec(plain);
  return zip ? { name: zip[0], status: "zip" } : null;
}

// ---------------------------------------------------------------------------
// Scoring
// ---------------------------------------------------------------------------

export interface Feature {
  target: Target;
  weight: number;
  /** The word or phrase that fired. */
  source: string;
  negated?: boolean;
}

const negators = new Set([
  "not",
  "no",
  "isnt",
  "arent",
  "wasnt",
  "nothing",
  "without",
  "never",
  "dont",
  "doesnt",
  "didnt",
  "non",
  "neither",
  "nor",
]);
const negatable = new Set<Target>(["danger", "emergency"]);
const clauseBreakers = new Set(["and", "but", "then", "so"]);

/** Negated when a negator sits up to 3 words earlier in the same clause ("not an emergency", "no sparks"). */
function isNegated(n: NormalisedText, index: number): boolean {
  for (let j = index - 1; j >= Math.max(0, index - 3); j--) {
    const w = n.words[j] ?? "";
    if (n.clause[j] !== n.clause[index] || clauseBreakers.has(w)) return false;
    if (negators.has(w)) return true;
  }
  return false;
}

const placeWordCache = new WeakMap<BusinessFacts, Set<string>>();

/** Words of place names, which typo correction must leave alone ("pride" is a town, not "price"). */
function placeWords(facts: BusinessFacts): Set<string> {
  let words = placeWordCache.get(facts);
  if (!words) {
    const names = [...facts.serviceAreas.flatMap((a) => a.aliases), ...gazetteer.map((p) => p.name)];
    words = new Set(names.flatMap((p) => plainWords(p)));
    placeWordCache.set(facts, words);
  }
  return words;
}

function normalise(raw: string, facts: BusinessFacts = business): NormalisedText {
  const protectedWords = placeWords(facts);
  const words: string[] = [];
  const clause: number[] = [];
  let c = 0;
  const folded = foldText(raw);
  const alone = WHOLE_MESSAGE[folded.replace(/[^a-z]/g, "")];
  for (const chunk of (alone ?? folded).split(/[.,;!?:]+/)) {
    for (const w of chunk
      .split(/[^a-z0-9]+/)
      .filter(Boolean)
      .map(unstretched)
      .flatMap((x) => (shorthand[x] ?? x).split(" "))) {
      if (clauseBreakers.has(w)) c++;
      words.push(correctWord(w, protectedWords));
      clause.push(c);
    }
    c++;
  }
  return { words, clause, text: words.join(" ") };
}

const keywordIndex: Array<{ target: Target; weight: number; word: string; prefix: boolean }> = keywordRules.flatMap(
  ([target, weight, list]) =>
    list.split(" ").map((w) => ({ target, weight, word: w.replace(/\*$/, ""), prefix: w.endsWith("*") })),
);

function collectFeatures(n: NormalisedText, place: PlaceMatch | null): Feature[] {
  const features: Feature[] = [];
  n.words.forEach((word, i) => {
    for (const k of keywordIndex) {
      if (k.prefix ? !word.startsWith(k.word) : word !== k.word) continue;
      features.push({
        target: k.target,
        weight: k.weight,
        source: word,
        negated: negatable.has(k.target) && isNegated(n, i),
      });
    }
  });
  for (const [target, weight, re] of phraseRules) {
    const m = re.exec(n.text);
    if (!m) continue;
    const wordIndex = n.text.slice(0, m.index).split(" ").length - 1;
    features.push({ target, weight, source: m[0].trim(), negated: negatable.has(target) && isNegated(n, wordIndex) });
  }
  if (place) {
    // A place is context; with a "do you come/serve/cover" cue, or on its own, it is the question.
    features.push({ target: "service_area", weight: 1.5, source: `place:${place.name}` });
    if (/\b(serve|you service|cover|come|go|travel|work|jobs|near|far|about|are you in|i am in|live in)\b/.test(n.text))
      features.push({ target: "service_area", weight: 1.5, source: "place cue" });
    if (n.words.length <= 4) features.push({ target: "service_area", weight: 1.5, source: "place alone" });
  }
  return features;
}

/** Emergency wins outright at this much (un-negated) danger evidence. */
const dangerThreshold = 2.5;
/** "other" scores this much by default; an intent must beat it. */
const otherFloor = 1;
/** Many domain nouns must not drown out the actual question. */
const domainCap = 2.5;
/** Tie-break order: the costlier mistake first. */
const priority: ChatIntent[] = [
  "emergency",
  "booking",
  "pricing",
  "service_area",
  "services",
  "hours",
  "contact",
  "thanks",
  "greeting",
  "other",
];

export interface Analysis {
  intent: ChatIntent;
  confidence: number;
  scores: Record<ChatIntent, number>;
  features: Feature[];
  place: PlaceMatch | null;
  normalised: NormalisedText;
  /** Set when the answer came from the conversation rather than the words, or the words ask for another trade. */
  context?: "accept-offer" | "decline-offer" | "follow-up" | "other-trade";
  /** What another trade was asked for ("plumbing"), with `context: "other-trade"`. */
  otherTrade?: string;
}

function emptyScores(): Record<ChatIntent, number> {
  return Object.fromEntries(chatIntents.map((i) => [i, 0])) as Record<ChatIntent, number>;
}

function score(features: Feature[]): { scores: Record<ChatIntent, number>; danger: number } {
  const scores = emptyScores();
  let danger = 0;
  let domain = 0;
  for (const f of features) {
    if (f.negated) continue;
    if (f.target === "danger") danger += f.weight;
    else if (f.target === "domain") domain += f.weight;
    else scores[f.target] += f.weight;
  }
  scores.emergency += danger;
  scores.services += Math.min(domain, domainCap);
  scores.other += otherFloor;
  for (const i of chatIntents) scores[i] = Math.round(scores[i] * 100) / 100;
  return { scores, danger };
}

// --- other trades and errands: "we're electricians" -------------------------

/**
 * Work that is not an electrician's, and errands that are not work at all, by what a person writes for them. Asked
 * without anything electrical in the message (no panel, outlet, breaker…) and without danger, the answer is that we
 * are electricians, with what we do.
 */
const OTHER_TRADES: Array<[string, RegExp]> = [
  ["plumbing", /\b(plumb\w*|toilets?|sinks?|faucets?|drains?|clogged|pipes?|sewer|septic|water (leak|line)s?)\b/],
  [
    "heating and air conditioning",
    /\b(hvac|ac|a c|air ?condition\w*|furnaces?|heat pumps?|ducts?|ductwork|freon|refrigerant)\b/,
  ],
  ["roofing", /\b(roof\w*|shingles?)\b/],
  ["gutters", /\bgutters?\b/],
  ["lawn care", /\b(lawns?|mow\w*|landscap\w*|weed\w*|grass)\b/],
  ["pest control", /\b(pests?|termites?|roach\w*|extermin\w*|rats?|mice)\b/],
  ["car repair", /\b(cars?|trucks?|tires?|mechanic\w*|oil change|transmission)\b/],
  ["painting", /\b(paint\w*|drywall|sheetrock)\b/],
  ["cleaning", /\b(cleaning|maid|pressure wash\w*|carpets?)\b/],
  ["locks", /\b(locksmith|locked out|rekey)\b/],
  ["that", /\b(pizza|food|menu|pharmacy|prescriptions?|doctor|dentist|lawyer|taxi|uber|hotel)\b/],
];

/** Domain words any trade uses ("repair", "install"): they do not make a request electrical. */
const ANY_TRADE =
  /^(repair|install|replac|upgrad|mainten|troubleshoot|inspect|construct|renovat|remodel|build|shop|commercial|residential|industrial|restaurant|warehouse)/;

function otherTradeIn(text: string, features: Feature[]): string | null {
  const electrical = features.some(
    (f) => !f.negated && (f.target === "danger" || (f.target === "domain" && !ANY_TRADE.test(f.source))),
  );
  if (electrical) return null;
  return OTHER_TRADES.find(([, re]) => re.test(text))?.[0] ?? null;
}

// --- short memory: replies to the assistant's last offer -------------------

const affirmWords = ["yes", "sure", "okay", "please", "absolutely", "definitely", "certainly", "alright"];
const replyFiller = new Set(
  "i would like that to go ahead lets do it sounds good great book me open the form thanks thank you of course perfect be a an appointment thing now right later maybe am all set fine not good for why".split(
    " ",
  ),
);
const acceptPhrases = /^(sounds good|lets do it|go ahead|of course|why not|do it|book it|book me)\b/;

function looseMatch(word: string, list: readonly string[]): boolean {
  return list.includes(word) || (word.length >= 3 && list.some((w) => w.length >= 3 && editDistance(word, w, 1) <= 1));
}

function replyToOffer(words: string[]): "accept" | "decline" | null {
  if (words.length === 0 || words.length > 6) return null;
  const [first = "", ...rest] = words;
  const restIsFiller = rest.every((w) => replyFiller.has(w) || looseMatch(w, affirmWords));
  if (!restIsFiller) return null;
  if (["no", "not", "maybe", "later"].includes(first)) return "decline";
  if (looseMatch(first, affirmWords) || first === "y" || acceptPhrases.test(words.join(" "))) return "accept";
  return null;
}

function lastAssistantTurn(history: ChatTurn[]): ChatTurn | undefined {
  for (let i = history.length - 1; i >= 0; i--) if (history[i]?.sender !== "user") return history[i];
  return undefined;
}

function offeredBooking(turn: ChatTurn | undefined): boolean {
  return !!turn && (turn.intent === "booking" || (turn.suggestedActions ?? []).some(isBookingAction));
}

const followUpIntents = new Set<string>(["hours", "service_area", "pricing", "services", "contact"]);

export function analyse(text: string, history: ChatTurn[] = [], facts: BusinessFacts = business): Analysis {
  const n = normalise(text, facts);
  const place = findPlace(plainWords(text).join(" "), facts);
  const features = collectFeatures(n, place);
  const { scores, danger } = score(features);
  const base = { scores, features, place, normalised: n };

  const previous = lastAssistantTurn(history);
  const answer = danger < dangerThreshold && offeredBooking(previous) ? replyToOffer(n.words) : null;
  if (answer === "accept") return { ...base, intent: "booking", confidence: 0.9, context: "accept-offer" };
  if (answer === "decline") return { ...base, intent: "thanks", confidence: 0.9, context: "decline-offer" };

  const trade = danger < dangerThreshold ? otherTradeIn(n.text, features) : null;
  if (trade) return { ...base, intent: "other", confidence: 0.8, context: "other-trade", otherTrade: trade };

  const ranked = [...priority].sort((a, b) => scores[b] - scores[a] || priority.indexOf(a) - priority.indexOf(b));
  const intent: ChatIntent = danger >= dangerThreshold ? "emergency" : (ranked[0] ?? "other");
  const runnerUp = ranked.find((i) => i !== intent) ?? "other";
  const confidence = Math.round((scores[intent] / (scores[intent] + scores[runnerUp] || 1)) * 100) / 100;

  // "what about saturday?" / "and on sundays?" continue the previous topic.
  if (
    intent === "other" &&
    previous?.intent &&
    followUpIntents.has(previous.intent) &&
    /^(what|how) about\b|^and\b/.test(n.text)
  )
    return { ...base, intent: previous.intent as ChatIntent, confidence: 0.6, context: "follow-up" };
  return { ...base, intent, confidence };
}

export function classifyIntent(
  text: string,
  history: ChatTurn[] = [],
): { intent: ChatIntent; confidence: number; scores: Record<ChatIntent, number> } {
  const { intent, confidence, scores } = analyse(text, history);
  return { intent, confidence, scores };
}

// ---------------------------------------------------------------------------
// Replies — every fact comes from `facts`
// ---------------------------------------------------------------------------

/** What the company does, in the words the chat uses (business.ts has no prose list of services). */
const serviceHighlights = [
  "electrical repairs",
  "panel upgrades",
  "generator installation and maintenance",
  "lighting and ceiling fans",
  "commercial wiring",
  "emergency services",
];

/** A town the visitor might ask about, taken from the facts (Walker by default). */
function sampleTown(facts: BusinessFacts): string {
  return (
    (facts.serviceAreas.find((a) => a.kind === "City" && a.name !== facts.address.city) ?? facts.serviceAreas[0])
      ?.name ?? facts.address.city
  );
}

/** "Baton Rouge, Ascension Parish (Gonzales, Prairieville, Donaldsonville), …" */
function areasWithTowns(facts: BusinessFacts): string {
  return joinList(
    facts.serviceAreas.map((area) => {
      if (area.kind !== "AdministrativeArea") return area.name;
      const own = area.name.toLowerCase();
      const towns = area.aliases
        .filter((a) => !own.includes(a) && !/\d/.test(a))
        .slice(0, 3)
        .map(titleCase);
      return towns.length ? `${area.name} (${towns.join(", ")})` : area.name;
    }),
  );
}

function placeVerdict(place: PlaceMatch, facts: BusinessFacts): string {
  const areas = serviceAreaSentence(facts);
  switch (place.status) {
    case "served":
      if (place.parish)
        return `Yes, we serve ${place.name}: it's in ${place.parish} Parish, part of our ${place.area} service area.`;
      return place.area && place.area !== place.name
        ? `Yes, we serve ${place.name}, as part of our ${place.area} service area.`
        : `Yes, we serve ${place.name}.`;
    case "nearby":
      return `${place.name} is just outside the areas we usually serve (${areas}). Please call us at ${facts.phone} and we'll tell you whether we can make it out.`;
    case "outside":
      return `${place.name} is outside our usual service area; we mainly work in ${areas}. Please call us at ${facts.phone} and we'll let you know if we can help.`;
    case "zip":
      return `I can't look up ZIP codes here, but we serve ${areas}. If you're not sure you're covered, call us at ${facts.phone}.`;
  }
}

/** Short note when a booking/pricing/services message names a place. */
function placeNote(place: PlaceMatch | null, facts: BusinessFacts): string | null {
  if (!place || place.status === "zip") return null;
  return place.status === "served" ? `And yes, we serve ${place.name}.` : placeVerdict(place, facts);
}

function safetyAdvice(text: string): string[] {
  const lines = ["If there is fire or smoke, get everyone out and call 911 first."];
  if (
    /\b(line|lines|wire|wires|pole|transformer)\b.*\b(down|fell|fallen|ground|hanging|blew)\b|\bdown\b.*\b(line|wire)s?\b/.test(
      text,
    )
  )
    lines.push(
      "Stay well away from downed lines and anything touching them, and report them to your power company too.",
    );
  if (/\b(water|flood\w*|wet|leak\w*)\b/.test(text)) lines.push("Don't touch switches, outlets or cords near water.");
  if (/\b(shock\w*|zap\w*|electrocut\w*)\b/.test(text))
    lines.push("If someone was shocked and feels unwell, call 911.");
  lines.push("Stay away from sparking or hot equipment and, only if it's safe to reach, switch off the main breaker.");
  return lines;
}

function reply(intent: ChatIntent, message: string, suggestedActions: string[], openBookingForm = false): EngineReply {
  const actions = suggestedActions.slice(0, MAX_SUGGESTED_ACTIONS);
  return {
    intent,
    message,
    suggestedActions: actions,
    suggestsBooking: intent === "booking" || actions.some(isBookingAction),
    openBookingForm,
  };
}

function bookingFormHelp(facts: BusinessFacts): string {
  return `The booking form asks for your name, phone, email and the service you need (address, preferred time and details are optional). Our office calls you back ${facts.contactReplyPromise} to confirm.`;
}

/** The reply's sentences that apply, in order, as one paragraph. */
const withNote = (...parts: Array<string | null>) => parts.filter(Boolean).join(" ");

function pricingReply(text: string, facts: BusinessFacts, town: string, note: string | null): EngineReply {
  const estimate = facts.freeEstimates
    ? "Estimates are free: we look at the job and give you a price before any work starts."
    : `Call us at ${facts.phone} for a quote.`;
  const payment = /\b(pay|paying|payment\w*|credit|cards?|zelle|venmo|cash|check|financ\w*)\b/.test(text)
    ? `For payment and financing options, please call the office at ${facts.phone}.`
    : null;
  return reply(
    "pricing",
    withNote(
      estimate,
      "Prices depend on the job, so I can't quote exact figures in chat.",
      payment,
      `For emergency and after-hours calls, ${facts.afterHoursCharges.toLowerCase()}.`,
      note,
      facts.freeEstimates ? "Would you like to schedule a free estimate?" : null,
    ),
    [
      facts.freeEstimates ? "Schedule a free estimate" : "Schedule an appointment",
      "What services do you offer?",
      `Do you serve ${town}?`,
    ],
  );
}

function servicesReply(town: string, note: string | null): EngineReply {
  return reply(
    "services",
    withNote(
      `We handle ${joinList(serviceHighlights)}, for homes and businesses.`,
      note,
      "Would you like to schedule a visit or a free estimate?",
    ),
    ["Schedule an appointment", "Is the estimate free?", `Do you serve ${town}?`],
  );
}

/**
 * A named service's answer (./service-topics.ts): what we do about it, then the offer to open the
 * booking form with it chosen. A request for a visit also hears what the form asks.
 */
function serviceReply(
  booking: boolean,
  topic: ServiceTopic,
  facts: BusinessFacts,
  town: string,
  note: string | null,
): EngineReply {
  return reply(
    booking ? "booking" : "services",
    withNote(
      topic.lead,
      note,
      booking ? bookingFormHelp(facts) : facts.freeEstimates ? "Estimates are free." : null,
      `Shall I open the booking form with ${topic.service} chosen?`,
    ),
    ["Open booking form", "Is the estimate free?", `Do you serve ${town}?`],
  );
}

/** Intents whose reply, when the visitor names a service, is about that service. */
const serviceAnswered = new Set<ChatIntent>(["booking", "services", "greeting", "other"]);

function contactReply(text: string, facts: BusinessFacts, town: string): EngineReply {
  const social = /\b(facebook|instagram|nextdoor|social)\b/.test(text)
    ? `You can also find us on ${joinList(facts.social.map((s) => `${s.name} (${s.url})`))}.`
    : null;
  return reply(
    "contact",
    withNote(
      `Call us at ${facts.phone} or email ${facts.email}. We reply to messages ${facts.contactReplyPromise}.`,
      `Our office is at ${formatAddress(facts)}.`,
      social,
    ),
    ["What are your hours?", `Do you serve ${town}?`, "Is the estimate free?"],
  );
}

/** A few questions the facts can answer even though they are no intent of their own, and otherwise what the chat can help with. */
function otherReply(text: string, facts: BusinessFacts): EngineReply {
  const about: string[] = [];
  if (/\b(licensed|license|licence|insured|insurance|bonded)\b/.test(text))
    about.push(`${facts.name} is licensed: ${facts.licence}.`);
  if (/\bhow long\b|\bin business\b|\bfounded\b/.test(text))
    about.push(`We've been in business since ${facts.foundedYear}.`);
  if (/\breviews?\b|\brating\b/.test(text))
    about.push(
      `We're rated ${facts.reviews.rating} out of 5 from ${facts.reviews.count} reviews: ${facts.reviews.url}`,
    );
  const help = `I can help with booking an appointment, our services, hours, service area and free estimates. For anything else, call us at ${facts.phone}.`;
  return reply("other", about.length ? `${about.join(" ")} ${help}` : `Sorry, I'm not sure I understood. ${help}`, [
    "Schedule an appointment",
    "What services do you offer?",
    "What are your hours?",
  ]);
}

function compose(
  a: Analysis,
  facts: BusinessFacts,
  now: Date,
  { topic, service }: { topic: ServiceTopic | null; service: ChatService | null },
): EngineReply {
  const n = a.normalised;
  const town = sampleTown(facts);
  const note = placeNote(a.place, facts);

  if (a.context === "accept-offer")
    return reply(
      "booking",
      `Great, opening the booking form now${service ? `, with ${service} chosen` : ""}. ${bookingFormHelp(facts)}`,
      ["What are your hours?", "Is the estimate free?"],
      true,
    );
  if (a.context === "other-trade")
    return reply(
      "other",
      `Sorry, we're electricians, so we can't help with ${a.otherTrade ?? "that"}. We do ${joinList(serviceHighlights)} in and around ${facts.address.city}. Anything electrical we can help with?`,
      ["What services do you offer?", "Schedule an appointment", "Is the estimate free?"],
    );
  if (topic && serviceAnswered.has(a.intent)) return serviceReply(a.intent === "booking", topic, facts, town, note);
  if (a.context === "decline-offer")
    return reply("thanks", `No problem. If you change your mind, just ask here or call ${facts.phone}.`, [
      "What services do you offer?",
      "What are your hours?",
    ]);

  switch (a.intent) {
    case "emergency":
      return reply(
        "emergency",
        [
          `Call ${facts.phone} now: our emergency line is open ${facts.emergency.available}.`,
          ...safetyAdvice(n.text),
          `${facts.emergency.callAnswer}, and our average response time is ${facts.emergency.responseTime}. ${facts.afterHoursCharges}.`,
        ].join("\n"),
        ["What should I do until you arrive?", "How fast can you get here?", "Do you charge extra after hours?"],
      );

    case "booking":
      return reply(
        "booking",
        withNote(
          `I can set up an appointment for you.`,
          note,
          `${bookingFormHelp(facts)} Shall I open the booking form?`,
        ),
        ["Open booking form", "Is the estimate free?", "What are your hours?"],
      );

    case "pricing":
      return pricingReply(n.text, facts, town, note);

    case "services":
      return servicesReply(town, note);

    case "hours": {
      const status = officeStatus(now, facts);
      return reply(
        "hours",
        [
          "Our office hours:",
          ...facts.hours.map((h) => `${h.label}: ${h.hours}`),
          `${status.label}.`,
          `${facts.afterHours}: call ${facts.phone} (${facts.afterHoursCharges.toLowerCase()}).`,
        ].join("\n"),
        [`Do you serve ${town}?`, "Is the estimate free?", "What's your phone number?"],
      );
    }

    case "service_area": {
      const inArea = a.place?.status === "served";
      // Out-of-area verdicts already name the areas; say them once.
      const message = !a.place
        ? `We serve ${areasWithTowns(facts)}. Not sure you're covered? Tell me your town or call ${facts.phone}.`
        : inArea
          ? `${placeVerdict(a.place, facts)} We serve ${areasWithTowns(facts)}. Would you like to schedule a visit?`
          : placeVerdict(a.place, facts);
      return reply(
        "service_area",
        message,
        inArea
          ? ["Schedule an appointment", "Is the estimate free?", "What are your hours?"]
          : [`Do you serve ${town}?`, "What are your hours?", "What's your phone number?"],
      );
    }

    case "contact":
      return contactReply(n.text, facts, town);

    case "thanks":
      return reply(
        "thanks",
        `You're welcome! If anything else comes up, I'm here, and for an electrical emergency you can call ${facts.phone} any time.`,
        [],
      );

    case "greeting":
      return reply(
        "greeting",
        `Hi there! How can I help? I can answer questions about our services, hours, service area and free estimates, or help you book an appointment.`,
        ["What services do you offer?", "What are your hours?", `Do you serve ${town}?`],
      );

    case "other":
      return otherReply(n.text, facts);
  }
}

/** Replies that, after hours, start with the emergency line: the visitor may be waiting on a call-back that comes tomorrow. */
const afterHoursFirst = new Set<ChatIntent>(["hours", "booking", "contact", "greeting", "other"]);

/** Words that ask for someone to come (with a day named, the chat answers with that day's open windows). */
const VISIT_WORDS =
  /\b(come|coming|stop by|available|availability|visit|someone|somebody|anyone|anybody|technician|electrician|appointment|schedule|book|slot|send)\b/;

/**
 * The Baton Rouge date a visitor asks a visit for: "can someone come Friday?"
 * is the next Friday (today when it is Friday), "tomorrow" and "today" are
 * what they say. Null when no day is named or nobody is asked to come.
 */
export function askedVisitDay(text: string, now: Date = new Date()): string | null {
  const t = text.toLowerCase();
  if (!VISIT_WORDS.test(t)) return null;
  const today = businessDate(now);
  if (/\btoday\b/.test(t)) return today;
  if (/\btomorrow\b/.test(t)) return addLocalDays(today, 1);
  const weekday = WEEKDAYS.findIndex((d) => new RegExp(`\\b${d.toLowerCase()}s?\\b`).test(t));
  if (weekday < 0) return null;
  return addLocalDays(today, (weekday - localWeekday(today) + 7) % 7);
}

/** The service a message names (docs/product.md#chat-assistant), or null: "I have a Federal Pacific panel" is Panel Upgrade. */
export function detectService(text: string, facts: BusinessFacts = business): ChatService | null {
  return serviceTopicIn(normalise(text, facts).text)?.service ?? null;
}

/** The service the visitor named last in the conversation, for a reply about booking that names none. */
function serviceInHistory(history: ChatTurn[], facts: BusinessFacts): ChatService | null {
  for (let i = history.length - 1; i >= 0; i--) {
    const turn = history[i];
    const service = turn?.sender === "user" ? detectService(turn.message, facts) : null;
    if (service) return service;
  }
  return null;
}

export function composeReply(
  text: string,
  history: ChatTurn[] = [],
  options: { facts?: BusinessFacts; now?: Date } = {},
): EngineReply {
  const facts = options.facts ?? business;
  const now = options.now ?? new Date();
  const analysis = analyse(text, history, facts);
  const emergency = analysis.intent === "emergency";
  const topic = emergency ? null : serviceTopicIn(analysis.normalised.text);
  const day = emergency ? null : askedVisitDay(text, now);
  const aboutBooking = !!day || analysis.intent === "booking" || analysis.context === "accept-offer";
  const service = topic?.service ?? (aboutBooking ? serviceInHistory(history, facts) : null);
  const named = service ? { service } : {};
  if (day)
    return {
      ...reply("booking", `Let me look at the open arrival windows for that day.`, ["Open booking form"]),
      windowDay: day,
      ...named,
    };
  const answer = { ...compose(analysis, facts, now, { topic, service }), ...named };
  if (!afterHoursFirst.has(answer.intent) || officeStatus(now, facts).open) return answer;
  return { ...answer, message: `${afterHoursNotice(facts)}\n\n${answer.message}` };
}

/** The widget's opening message. */
