/** The types of check-readme-map.mjs's export, for the tests that call it (tests/unit/readme-map.test.ts). */
export function checkReadmeMap(
  readme: string,
  root: string,
): {
  /** The names the README gives that exist nowhere in the repository. */
  missing: string[];
  /** The folders the map owes a line and does not name. */
  unnamed: string[];
};
