/**
 * The shape a form post may have (docs/security.md#forms-of-a-bounded-shape). A field's name is
 * read by Conform as a path (`options[2].lines[29].item`): an index makes an array that long, so
 * `zz[10000000]=1`, 16 bytes, would make ten million empty slots, echoed back to a refused form.
 * Every form post is checked against these bounds before anything parses its names: at the server's
 * edge for the bodies it holds (web/server/security.ts, `boundedForms`), in the page's one form reader
 * for uploads that stream (web/app/utils/form.server.ts). Zod-free, for both.
 */
export const FORM_LIMITS = {
  /** Fields and files in one post: the largest form, an estimate of 3 options of 30 lines of 4 fields, has under 400. */
  fields: 1_000,
  /** Characters of a field's name. */
  nameLength: 100,
  /** The largest index a name may hold (`lines[29]`): no list of the site's forms is longer. */
  index: 99,
  /** Steps of a name's path (`options`, `[2]`, `lines`, `[29]`, `item`: five). */
  depth: 6,
} as const;

/** The steps of a name's path: `[n]` indexes and the keys between dots. */
const STEP = /\[([^\]]*)\]|[^.[\]]+/g;

/** What is wrong with a field's name, or null when a form of the site could have it. */
export function formNameProblem(name: string): string | null {
  if (name.length > FORM_LIMITS.nameLength) return `A field's name is longer than ${FORM_LIMITS.nameLength} characters`;
  if (!/[.[\]]/.test(name)) return null;
  let steps = 0;
  let rest = name;
  for (const match of name.matchAll(STEP)) {
    steps++;
    rest = rest.replace(match[0], "");
    const index = match[1];
    if (index === undefined) continue;
    if (!/^\d{1,2}$/.test(index) || Number(index) > FORM_LIMITS.index)
      return `A field's name holds an index other than 0 to ${FORM_LIMITS.index}`;
  }
  if (steps > FORM_LIMITS.depth) return `A field's name is nested deeper than ${FORM_LIMITS.depth} steps`;
  if (rest.replace(/\./g, "") !== "") return "A field's name is not a path of fields";
  return null;
}

/** What is wrong with a form's names (the first problem), or null; `names` as posted, repeats included. */
export function formShapeProblem(names: Iterable<string>): string | null {
  let count = 0;
  for (const name of names) {
    if (++count > FORM_LIMITS.fields) return `A form has at most ${FORM_LIMITS.fields} fields`;
    const problem = formNameProblem(name);
    if (problem) return problem;
  }
  return null;
}

/** The field a name belongs to: its first step (`options` of `options[0].name`). */
export function rootFieldName(name: string): string {
  const end = name.search(/[.[]/);
  return end === -1 ? name : name.slice(0, end);
}

/** What a refused form's answer says of its problem, at the server's edge and in the page's reader alike. */
export function formShapeMessage(problem: string): string {
  return `This form could not be read: ${problem.charAt(0).toLowerCase()}${problem.slice(1)}. Nothing was saved.`;
}
