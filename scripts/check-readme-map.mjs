#!/usr/bin/env node
/**
 * The root README's map stays true (`npm run lint` runs this): every path the map block (the
 * fenced block under "Where things are") names, and every `code`-quoted path of the README,
 * exists in the repository; and the map names every top-level folder tracked by git and every
 * folder directly in web/app/, web/app/features/ and packages/shared/src/.
 *
 * A name in the map is read from where it stands: an entry's name under the entry it is
 * indented under (`src/api/` under `packages/shared/`), a name in an entry's description under
 * that entry, its parent or its top-level folder (`staff/mask-icons.css` under `app/components/`, `src/registry.ts`
 * under `worker/`), else anywhere in that top-level folder. A name is a path when it holds a `/`
 * or ends in a known file extension; globs (`*.server.ts`), placeholders (`<id>`), URL paths
 * (`/api/contact`), package names (`@app/shared`) and what git ignores (build output such as
 * `web/build`) are not checked. Plain Node, no dependencies.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const EXTENSIONS = /\.(ts|tsx|mts|mjs|cjs|js|jsx|json|jsonc|md|css|prisma|sql|yml|yaml|sh|html|csv|toml)$/;
const MAP_HEADING = "## Where things are";
/** Folders whose every sub-folder the map names. */
const LISTED_PARENTS = ["web/app", "web/app/features", "packages/shared/src"];

/** The files of the repository at `root` (tracked, or new and not ignored), and every folder that holds one. */
function repoPaths(root) {
  const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
  })
    .split("\n")
    .filter(Boolean);
  const paths = new Set(files);
  for (const file of files) {
    for (let dir = path.posix.dirname(file); dir !== "."; dir = path.posix.dirname(dir)) paths.add(dir);
  }
  return paths;
}

/**
 * Whether git ignores `name` (generated output the README may name, such as `web/build`), whether or
 * not it has been made yet: on a fresh clone `web/build` does not exist, and git matches a folder's
 * pattern (the .gitignore's `web/build*` folders) only to a path it knows is a folder, so the name is asked as a folder too.
 */
function ignoredByGit(root, name) {
  const ignored = (asked) => {
    try {
      execFileSync("git", ["check-ignore", "-q", "--no-index", asked], { cwd: root, stdio: "ignore" });
      return true;
    } catch {
      return false;
    }
  };
  return ignored(name) || ignored(`${name.replace(/\/+$/, "")}/`);
}

/** The path-like words of a text: with a `/` or a known extension, trimmed of punctuation. */
function pathWords(text) {
  return text
    .split(/[\s,;()[\]`"'|]+/)
    .map((word) => word.replace(/[.:;,!?…]+$/, "").replace(/#.*$/, ""))
    .filter((word) => (word.includes("/") || EXTENSIONS.test(word)) && /[a-z]/i.test(word))
    .filter((word) => !/[*<>{}$=?]/.test(word) && !word.startsWith("/") && !word.startsWith("@"))
    .filter((word) => !word.includes("://") && !word.startsWith("."));
}

const clean = (name) => path.posix.normalize(name).replace(/\/+$/, "");

/** The map block: the first fence after the "Where things are" heading. */
function mapBlock(readme) {
  const lines = readme.split("\n");
  const heading = lines.indexOf(MAP_HEADING);
  if (heading === -1) return null;
  const start = lines.findIndex((line, i) => i > heading && line.startsWith("```"));
  const end = lines.findIndex((line, i) => i > start && line.startsWith("```"));
  return start === -1 || end === -1 ? null : lines.slice(start + 1, end);
}

/**
 * Checks `readme` (the README's text) against the repository at `root`. Returns what is wrong:
 * `missing`, the names that exist nowhere; `unnamed`, the folders the map does not name.
 */
export function checkReadmeMap(readme, root) {
  const paths = repoPaths(root);
  const exists = (name) => paths.has(clean(name));
  const missing = new Set();
  /** What the map names, with the folders it lies in (`packages/shared/` names `packages/`). */
  const named = new Set();
  const name = (found) => {
    for (let p = found; p !== "."; p = path.posix.dirname(p)) named.add(p);
  };
  const block = mapBlock(readme);
  if (!block) return { missing: [`the map block under "${MAP_HEADING}"`], unnamed: [] };

  /** The entries the current line sits under, by indentation: [{ indent, dir }]. */
  const stack = [];
  for (const line of block) {
    const match = /^( *)(\S+)(.*)$/.exec(line);
    if (!match) continue;
    const [, spaces, first, rest] = match;
    const indent = spaces.length;
    while (stack.length > 0 && stack.at(-1).indent >= indent) stack.pop();
    const parent = stack.at(-1)?.dir ?? "";
    const top = stack[0]?.dir ?? "";
    const entry = clean(path.posix.join(parent, first));
    if (exists(entry) || ignoredByGit(root, entry)) name(entry);
    else missing.add(entry);
    if (first.endsWith("/")) stack.push({ indent, dir: entry });
    const own = first.endsWith("/") ? entry : parent;
    const topDir = top || (first.endsWith("/") ? entry : "");
    for (const word of pathWords(rest)) {
      const candidates = [own, parent, topDir, ""].map((base) => clean(path.posix.join(base, word)));
      const found =
        candidates.find(exists) ??
        [...paths].find((p) => p.startsWith(`${topDir}/`) && (p.endsWith(`/${clean(word)}`) || p === clean(word)));
      if (found) named.add(found);
      else if (!ignoredByGit(root, candidates[0])) missing.add(word);
    }
  }

  // Every `code`-quoted path of the whole README, from the repository's root (a bare file name: anywhere).
  for (const [, code] of readme.matchAll(/`([^`\n]+)`/g)) {
    for (const word of pathWords(code)) {
      const name = clean(word);
      const found = word.includes("/") ? exists(name) : [...paths].some((p) => p === name || p.endsWith(`/${name}`));
      if (!found && !ignoredByGit(root, name)) missing.add(word);
    }
  }

  // A folder is a path some other path lies under.
  const folders = new Set([...paths].map((p) => path.posix.dirname(p)).filter((dir) => dir !== "."));
  const owed = [...folders].filter((dir) => !dir.includes("/") || LISTED_PARENTS.includes(path.posix.dirname(dir)));
  const unnamed = owed.filter((dir) => !named.has(dir)).sort();
  return { missing: [...missing].sort(), unnamed };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const { missing, unnamed } = checkReadmeMap(readFileSync(path.join(root, "README.md"), "utf8"), root);
  for (const name of missing) console.error(`README.md names ${name}, which is not in the repository`);
  for (const dir of unnamed) console.error(`README.md's map does not name ${dir}/`);
  if (missing.length > 0 || unnamed.length > 0) process.exit(1);
}
