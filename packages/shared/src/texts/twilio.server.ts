import twilio from "twilio";
import type RequestClient from "twilio/lib/base/RequestClient";
import type { Env } from "../env.server";

/**
 * Twilio through its official SDK (docs/decisions/026-text-messages.md): the client that sends texts, and
 * the check of a webhook's `X-Twilio-Signature`. Texts are off when TWILIO_* are unset (`env.TWILIO`
 * undefined), and nothing here is called then.
 */
export type TwilioSettings = NonNullable<Env["TWILIO"]>;

type RequestOptions<TData> = RequestClient.RequestOptions<TData>;

const TWILIO_API_ORIGIN = /^https:\/\/[a-z0-9.-]+\.twilio\.com/;

/**
 * The SDK's own HTTP client, sending to a stand-in's origin instead of Twilio's (`TWILIO_API_URL`, tests
 * and `npm run dev`; refused in production): the SDK's documented way to supply the client it sends
 * through (`httpClient`), the path, authentication and body exactly as the SDK made them.
 */
class StandInRequestClient extends twilio.RequestClient {
  constructor(private readonly origin: string) {
    super({ timeout: 10_000 });
  }

  override request<TData>(opts: RequestOptions<TData>) {
    return super.request<TData>({ ...opts, uri: opts.uri.replace(TWILIO_API_ORIGIN, this.origin) });
  }
}

/** The SDK's client for these settings: one per process is enough (it keeps its connections). */
export function twilioClient(settings: TwilioSettings): twilio.Twilio {
  return twilio(settings.accountSid, settings.authToken, {
    ...(settings.api ? { httpClient: new StandInRequestClient(settings.api) } : { timeout: 10_000 }),
    autoRetry: false,
  });
}

/**
 * Whether a webhook's post is Twilio's: `X-Twilio-Signature` over the public URL Twilio was given (APP_URL's,
 * never the address this process sees behind a proxy) and the posted parameters, with the account's token.
 */
export function isTwilioSigned(
  settings: TwilioSettings,
  signature: string | null,
  url: string,
  params: Record<string, string>,
): boolean {
  if (!signature) return false;
  return twilio.validateRequest(settings.authToken, signature, url, params);
}

/** A Twilio error's code (e.g. 21610, an unsubscribed number), when the SDK's error carries one. */
export function twilioErrorCode(error: unknown): number | null {
  if (error instanceof twilio.RestException && typeof error.code === "number") return error.code;
  return null;
}

/** The TwiML answering an inbound text: the one reply, or none (an empty `<Response/>`). */
export function messagingReply(body: string | null): string {
  const response = new twilio.twiml.MessagingResponse();
  if (body) response.message(body);
  return response.toString();
}
