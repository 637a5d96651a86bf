import os from "node:os";
import path from "node:path";
import {
  MaxPartSizeExceededError,
  NodeOnDiskFile,
  unstable_composeUploadHandlers as composeUploadHandlers,
  unstable_createFileUploadHandler as createFileUploadHandler,
  unstable_createMemoryUploadHandler as createMemoryUploadHandler,
  unstable_parseMultipartFormData as parseMultipartFormData,
  type UploadHandler,
} from "@remix-run/node";
import { FORM_LIMITS, formNameProblem, formShapeMessage, formShapeProblem } from "@app/shared/api/form-names";
import { apiError } from "./api.server";

/**
 * The one reader of a page action's form post (every `action` of a page route; the JSON API
 * reads its bodies with `readJsonObject`). Page actions take what a browser's form sends,
 * `application/x-www-form-urlencoded` or `multipart/form-data`, with or without JavaScript
 * (a `<Form>`, a `useFetcher` submission). The body is bounded already (`bodyLimit`,
 * web/server/security.ts). What a browser never sends is thrown as a Response with the API's
 * error shape, `{ success: false, message, errors? }`, so the page answers that status with the
 * route's error boundary, which shows the message (web/app/components/site/error-page.tsx):
 *
 * - 415 for any other content type (or none);
 * - 400 for a body that does not parse as its content type says (a multipart body without its
 *   boundary, a truncated part);
 * - 400 for a NUL character in a name or a value (PostgreSQL text cannot hold it);
 * - 400 for a form of a shape no page has (packages/shared/src/api/form-names.ts: the server refuses
 *   the bodies it holds before any page runs, web/server/security.ts `boundedForms`; this checks
 *   again, and checks a streamed upload part by part).
 *
 * With `uploads` (the pages that take photos), a multipart body is read as it streams: each file
 * is written to a file on disk (`maxFileBytes` each, 413 past it), never held whole in memory; the
 * caller removes them with `discardUploads` once done, whatever happened. A body past the server's
 * limit as it streams answers 413.
 */
export async function readForm(request: Request, uploads?: { maxFileBytes: number }): Promise<FormData> {
  const type = request.headers.get("content-type") ?? "";
  if (!FORM_TYPES.test(type))
    throw apiError(
      415,
      "This form must be sent by a web browser (as application/x-www-form-urlencoded or multipart/form-data).",
      {
        _: "Unsupported content type",
      },
    );
  let form: FormData;
  try {
    form =
      uploads && /^\s*multipart\/form-data/i.test(type)
        ? await readUploads(request, uploads.maxFileBytes)
        : await request.formData();
  } catch (error) {
    if (error instanceof Response) throw error;
    const large = tooLargeMessage(error, uploads?.maxFileBytes ?? 0);
    if (large) throw apiError(413, large, { _: large });
    throw apiError(400, "The form could not be read: it did not arrive complete. Nothing was saved.", {
      _: "Malformed form data",
    });
  }
  const problem = formShapeProblem(form.keys());
  if (problem) {
    await discardUploads(form);
    throw shapeRefusal(problem);
  }
  for (const [name, value] of form.entries()) {
    if (name.includes("\u0000") || (typeof value === "string" ? value : value.name).includes("\u0000"))
      throw apiError(
        400,
        "Your entry contains a character that is not allowed. Please go back, remove it and try again.",
        {
          [name.includes("\u0000") ? "_" : name]: "Contains a NUL character",
        },
      );
  }
  return form;
}

/** The files an upload's form wrote to disk (`readForm` with `uploads`), removed. */
export async function discardUploads(form: FormData) {
  const removals: Array<Promise<void>> = [];
  for (const value of form.values() as Iterable<unknown>)
    if (value instanceof NodeOnDiskFile) removals.push(removeFile(value));
  await Promise.all(removals);
}

const removeFile = (file: NodeOnDiskFile): Promise<void> => file.remove().catch(() => {});

/** The non-empty files an upload's form holds under `name`, as the job record takes them. */
export function uploadedFiles(form: FormData, name: string) {
  return form
    .getAll(name)
    .flatMap((value: unknown) =>
      value instanceof NodeOnDiskFile && value.size > 0
        ? [{ path: value.getFilePath(), size: value.size, name: value.name }]
        : [],
    );
}

/** Where a streamed upload's files wait while the page's action reads them. */
const UPLOADS_DIR = path.join(os.tmpdir(), "bayou-current-uploads");
/** A text field of an upload's form: far less than this. */
const UPLOAD_FIELD_BYTES = 64 * 1024;

/** A multipart body read as it streams: its names checked part by part, its files written to disk. */
async function readUploads(request: Request, maxFileBytes: number): Promise<FormData> {
  let parts = 0;
  const written: NodeOnDiskFile[] = [];
  const checkPart: UploadHandler = ({ name }) => {
    const problem =
      ++parts > FORM_LIMITS.fields ? `A form has at most ${FORM_LIMITS.fields} fields` : formNameProblem(name);
    if (problem) throw shapeRefusal(problem);
    return Promise.resolve(undefined);
  };
  const toDisk = createFileUploadHandler({ directory: UPLOADS_DIR, maxPartSize: maxFileBytes });
  const keepFile: UploadHandler = async (part) => {
    const value = await toDisk(part);
    if (value instanceof NodeOnDiskFile) written.push(value);
    return value;
  };
  try {
    const form = await parseMultipartFormData(
      request,
      composeUploadHandlers(checkPart, keepFile, createMemoryUploadHandler({ maxPartSize: UPLOAD_FIELD_BYTES })),
    );
    // The streaming parser reads a body with no part in it (not multipart at all) as an empty form.
    if (parts === 0) throw new TypeError("A multipart body without a part");
    return form;
  } catch (error) {
    await Promise.all(written.map(removeFile));
    throw error;
  }
}

/** What a body past its limit as it streamed says (web/server/security.ts names it), or a file past its own; null for anything else. */
function tooLargeMessage(error: unknown, maxFileBytes: number): string | null {
  if (error instanceof MaxPartSizeExceededError)
    return `A file is at most ${Math.floor(maxFileBytes / (1024 * 1024))} MB. Nothing was saved.`;
  return (error as { name?: unknown } | null)?.name === "BodyTooLargeError" ? (error as Error).message : null;
}

function shapeRefusal(problem: string) {
  return apiError(400, formShapeMessage(problem), { _: problem });
}

/** A form's fields as a plain object (a file, which no form of the site has, counts as empty; a repeated field keeps its last value). */
export function formFields(form: FormData): Record<string, string> {
  return Object.fromEntries([...form.entries()].map(([key, value]) => [key, typeof value === "string" ? value : ""]));
}

const FORM_TYPES = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;
