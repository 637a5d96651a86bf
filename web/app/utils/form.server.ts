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
 * - 400 for a NUL character in a name or a value (PostgreSQL text cannot hold it).
 */
export async function readForm(request: Request): Promise<FormData> {
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
    form = await request.formData();
  } catch {
    throw apiError(400, "The form could not be read: it did not arrive complete. Nothing was saved.", {
      _: "Malformed form data",
    });
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

/** A form's fields as a plain object (a file, which no form of the site has, counts as empty; a repeated field keeps its last value). */
export function formFields(form: FormData): Record<string, string> {
  return Object.fromEntries([...form.entries()].map(([key, value]) => [key, typeof value === "string" ? value : ""]));
}

const FORM_TYPES = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;
