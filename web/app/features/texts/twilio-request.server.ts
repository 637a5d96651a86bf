/**
 * The parameters of Twilio's form-encoded post, as its signature covers them (every field, each once; a
 * repeated name keeps its last value, as Twilio never repeats one). A body that is not a form reads as none.
 */
export async function twilioParams(request: Request): Promise<Record<string, string>> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded")) return {};
  return Object.fromEntries(new URLSearchParams(await request.text()));
}
