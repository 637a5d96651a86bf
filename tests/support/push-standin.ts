/**
 * A local stand-in for a browser's push service (the Web Push protocol, RFC
 * 8030), so the worker's real `web-push` code path runs in tests: the worker
 * posts to it over HTTPS, with a VAPID `Authorization` header (RFC 8292) and an
 * `aes128gcm` body encrypted for the subscription's keys (RFC 8291, RFC 8188).
 *
 * It plays the browser too: `subscribe()` makes a subscription as a browser
 * would (its own P-256 key pair and 16-byte auth secret, an endpoint
 * `https://127.0.0.1:<port>/push/<id>`), so the stand-in can decrypt what is
 * sent to it. Each push is checked (VAPID JWT signed with ES256 by the key in
 * `k=`, `aud` this origin, `exp` in the future), decrypted, recorded and
 * answered 201; a check that fails is answered 400/401 and recorded in
 * `rejected`. `gone(endpoint)` makes it answer 410 for that subscription (a
 * browser that unsubscribed), `failNext(endpoint, status, count)` a temporary
 * failure. Tests in another process (the browser suite) reach it over HTTPS:
 * `POST /__subscriptions` answers a new subscription, `GET /__received?endpoint=`
 * the pushes received (to that endpoint).
 *
 * Its certificate is self-signed: processes that post to it must trust
 * `caFile` (NODE_EXTRA_CA_CERTS, read by Node at start). The worker posts
 * only to push services' hosts: its stack lists the stand-in's `127.0.0.1:<port>`
 * in PUSH_SERVICE_HOSTS (docs/decisions/014-push-endpoints.md).
 */
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, randomUUID, verify } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:https";
import type { IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { generate } from "selfsigned";

/** What a browser hands the site: `PushSubscription.toJSON()`. */
export interface SubscriptionJson {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

/** The browser's side of a subscription: what decrypts its messages. */
export interface SubscriptionKeys {
  /** The uncompressed P-256 public key (65 bytes), base64url. */
  p256dh: string;
  /** The 16-byte auth secret, base64url. */
  auth: string;
  /** The private key (32 bytes), base64url. */
  privateKey: string;
}

export interface ReceivedPush {
  endpoint: string;
  headers: Record<string, string | string[] | undefined>;
  /** The decrypted body, parsed as JSON (the text itself when it is not JSON). */
  payload: unknown;
  /** The `k=` of the Authorization header: the application server's VAPID public key. */
  vapidPublicKey: string;
  /** The VAPID JWT's claims. */
  claims: { aud: string; exp: number; sub?: string };
}

export interface PushStandin {
  origin: string;
  /** The certificate (PEM) to trust: NODE_EXTRA_CA_CERTS for the processes that post here. */
  caFile: string;
  ca: string;
  /** A new subscription, as a browser's `toJSON()` gives it. */
  subscribe(): SubscriptionJson;
  received: ReceivedPush[];
  /** Pushes refused, with why. */
  rejected: Array<{ endpoint: string; status: number; reason: string }>;
  /** Pushes to this endpoint (all when omitted). */
  list(endpoint?: string): ReceivedPush[];
  /** Waits until `predicate` holds for the received pushes (default 15 s). */
  waitFor(predicate: (pushes: ReceivedPush[]) => boolean, timeoutMs?: number): Promise<ReceivedPush[]>;
  /** From now on, 410 Gone for this subscription. */
  gone(endpoint: string): void;
  /** The next `count` pushes to this endpoint are answered `status`. */
  failNext(endpoint: string, status: number, count?: number): void;
  close(): Promise<void>;
}

/** A subscription's keys, made as a browser makes them. */
export function createSubscriptionKeys(): SubscriptionKeys {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    p256dh: ecdh.getPublicKey("base64url", "uncompressed"),
    auth: randomBytes(16).toString("base64url"),
    privateKey: ecdh.getPrivateKey("base64url"),
  };
}

const TAG_LENGTH = 16;
const HEADER_FIXED = 16 + 4 + 1; // salt, record size, key id length

/**
 * Decrypts a Web Push message body (RFC 8291 over RFC 8188's aes128gcm):
 * the sender's public key is the header's key id; the content key and nonce
 * come from the ECDH secret, the auth secret and the header's salt.
 */
export function decryptPushBody(body: Buffer, keys: SubscriptionKeys): Buffer {
  if (body.length < HEADER_FIXED) throw new Error("body shorter than the aes128gcm header");
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderPublicKey = body.subarray(HEADER_FIXED, HEADER_FIXED + idLength);
  if (idLength !== 65 || senderPublicKey[0] !== 0x04) throw new Error("key id is not an uncompressed P-256 key");
  if (recordSize <= TAG_LENGTH + 1) throw new Error(`record size ${recordSize} too small`);

  const receiver = createECDH("prime256v1");
  receiver.setPrivateKey(Buffer.from(keys.privateKey, "base64url"));
  const receiverPublicKey = Buffer.from(keys.p256dh, "base64url");
  const sharedSecret = receiver.computeSecret(senderPublicKey);

  // RFC 8291 §3.4: the input keying material, from the ECDH secret keyed by the auth secret.
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), receiverPublicKey, senderPublicKey]);
  const ikm = Buffer.from(hkdfSync("sha256", sharedSecret, Buffer.from(keys.auth, "base64url"), keyInfo, 32));
  // RFC 8188 §2.2 and §2.3: the content-encryption key and the nonce, keyed by the salt.
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const baseNonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));

  const records: Buffer[] = [];
  const content = body.subarray(HEADER_FIXED + idLength);
  for (let offset = 0, seq = 0; offset < content.length; offset += recordSize, seq++) {
    const record = content.subarray(offset, offset + recordSize);
    const last = offset + recordSize >= content.length;
    if (record.length <= TAG_LENGTH) throw new Error("record shorter than its tag");
    // The nonce of record `seq`: the base nonce XOR the sequence number (big-endian, at its end).
    const nonce = Buffer.from(baseNonce);
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ seq) >>> 0, 8);
    const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - TAG_LENGTH));
    const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - TAG_LENGTH)), decipher.final()]);
    // Padding: the data, a delimiter (2 for the last record, 1 before), then zeros.
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end--;
    if (end < 0 || plain[end] !== (last ? 2 : 1)) throw new Error("bad padding delimiter");
    records.push(plain.subarray(0, end));
  }
  return Buffer.concat(records);
}

/**
 * Checks `Authorization: vapid t=<jwt>, k=<key>`: an ES256 JWT signed by the
 * private half of `k`, for this audience, not expired (nor more than a day ahead).
 */
export function verifyVapid(
  authorization: string | undefined,
  audience: string,
  now = Date.now(),
): { vapidPublicKey: string; claims: ReceivedPush["claims"] } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? "");
  if (!match) throw new Error("no VAPID authorization");
  const [, jwt, k] = match as unknown as [string, string, string];
  const [header64, claims64, signature64] = jwt.split(".") as [string, string, string];
  const header = JSON.parse(Buffer.from(header64, "base64url").toString("utf8")) as { alg?: string };
  if (header.alg !== "ES256") throw new Error(`JWT alg ${header.alg} is not ES256`);
  const point = Buffer.from(k, "base64url");
  if (point.length !== 65 || point[0] !== 0x04) throw new Error("k is not an uncompressed P-256 key");
  const key = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33).toString("base64url"),
    },
    format: "jwk",
  });
  const signed = Buffer.from(`${header64}.${claims64}`);
  const signature = Buffer.from(signature64, "base64url");
  if (!verify("sha256", signed, { key, dsaEncoding: "ieee-p1363" }, signature)) throw new Error("bad JWT signature");
  const claims = JSON.parse(Buffer.from(claims64, "base64url").toString("utf8")) as ReceivedPush["claims"];
  if (claims.aud !== audience) throw new Error(`JWT aud ${claims.aud} is not ${audience}`);
  const seconds = Math.floor(now / 1000);
  if (typeof claims.exp !== "number" || claims.exp <= seconds) throw new Error("JWT expired");
  if (claims.exp > seconds + 24 * 3600) throw new Error("JWT expires more than 24 hours ahead");
  return { vapidPublicKey: k, claims };
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The hooks for tests in another process: a new subscription, or what was received (undefined: not a hook). */
function testHook(
  method: string | undefined,
  url: URL,
  standin: { subscribe: () => SubscriptionJson; list: (endpoint?: string) => ReceivedPush[] },
): unknown {
  if (method === "POST" && url.pathname === "/__subscriptions") return standin.subscribe();
  if (method === "GET" && url.pathname === "/__received")
    return standin.list(url.searchParams.get("endpoint") ?? undefined);
  return undefined;
}

export async function startPushStandin(): Promise<PushStandin> {
  const pems = await generate([{ name: "commonName", value: "127.0.0.1" }], {
    keyType: "ec",
    curve: "P-256",
    algorithm: "sha256",
    notBeforeDate: new Date(Date.now() - 60_000),
    notAfterDate: new Date(Date.now() + 7 * 24 * 3600_000),
    extensions: [
      { name: "basicConstraints", cA: true },
      { name: "keyUsage", digitalSignature: true, keyCertSign: true },
      { name: "extKeyUsage", serverAuth: true },
      // Also valid for "localhost": tests show the worker refuses a name that resolves to loopback
      // (tests/integration/push.test.ts), which must not pass only for want of a certificate.
      {
        name: "subjectAltName",
        altNames: [
          { type: 7, ip: "127.0.0.1" },
          { type: 2, value: "localhost" },
        ],
      },
    ],
  });
  const dir = await mkdtemp(path.join(tmpdir(), "push-standin-"));
  const caFile = path.join(dir, "ca.pem");
  await writeFile(caFile, pems.cert);

  const subscriptions = new Map<string, SubscriptionKeys>();
  const goneIds = new Set<string>();
  const faults = new Map<string, { status: number; count: number }>();
  const received: ReceivedPush[] = [];
  const rejected: PushStandin["rejected"] = [];
  let origin = "";

  const idOf = (endpoint: string) => new URL(endpoint).pathname.replace(/^\/push\//, "");
  const subscribe = (): SubscriptionJson => {
    const id = randomUUID();
    const keys = createSubscriptionKeys();
    subscriptions.set(id, keys);
    return { endpoint: `${origin}/push/${id}`, expirationTime: null, keys: { p256dh: keys.p256dh, auth: keys.auth } };
  };
  const list = (endpoint?: string) => received.filter((r) => !endpoint || r.endpoint === endpoint);

  const server: Server = createServer({ key: pems.private, cert: pems.cert }, async (req, res) => {
    const url = new URL(req.url ?? "/", origin);
    const endpoint = `${origin}${url.pathname}`;
    const answer = (status: number, reason?: string) => {
      if (reason) rejected.push({ endpoint, status, reason });
      res.writeHead(status, { "Content-Type": "text/plain" });
      res.end(reason ?? "");
    };
    const hook = testHook(req.method, url, { subscribe, list });
    if (hook !== undefined) {
      res.writeHead(200, { "Content-Type": "application/json" });
      return res.end(JSON.stringify(hook));
    }
    const id = /^\/push\/([\w-]+)$/.exec(url.pathname)?.[1];
    const body = await readBody(req);
    if (req.method !== "POST" || !id) return answer(404, "unknown path");
    const keys = subscriptions.get(id);
    if (!keys) return answer(404, "no such subscription");
    if (goneIds.has(id)) return answer(410);
    const fault = faults.get(id);
    if (fault && fault.count > 0) {
      fault.count--;
      return answer(fault.status);
    }
    let vapid: ReturnType<typeof verifyVapid>;
    try {
      vapid = verifyVapid(req.headers.authorization, origin);
    } catch (error) {
      return answer(401, (error as Error).message);
    }
    if (req.headers["content-encoding"] !== "aes128gcm") return answer(400, "Content-Encoding is not aes128gcm");
    if (req.headers.ttl === undefined) return answer(400, "no TTL header");
    let text: string;
    try {
      text = decryptPushBody(body, keys).toString("utf8");
    } catch (error) {
      return answer(400, `cannot decrypt: ${(error as Error).message}`);
    }
    let payload: unknown = text;
    try {
      payload = JSON.parse(text);
    } catch {
      /* kept as text */
    }
    received.push({ endpoint, headers: { ...req.headers }, payload, ...vapid });
    res.writeHead(201, { Location: `${origin}/message/${randomUUID()}` });
    res.end();
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    caFile,
    ca: pems.cert,
    subscribe,
    received,
    rejected,
    list,
    async waitFor(predicate, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (predicate(received)) return [...received];
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(
        `Timed out waiting for pushes; received: ${JSON.stringify(received.map((r) => r.payload))}; rejected: ${JSON.stringify(rejected)}`,
      );
    },
    gone: (endpoint) => void goneIds.add(idOf(endpoint)),
    failNext: (endpoint, status, count = 1) => void faults.set(idOf(endpoint), { status, count }),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
