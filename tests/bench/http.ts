import http from "node:http";

/**
 * The benchmarks' HTTP client: node:http on keep-alive connections. The load
 * generator shares the machine with the system it measures, so it should cost
 * as little as it can (fetch costs several times more per request).
 */
export const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });

export interface BenchResponse {
  status: number;
  body: Buffer;
  headers: http.IncomingHttpHeaders;
}

export function request(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<BenchResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: init.method ?? "GET", agent, headers: init.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: res.headers }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(init.body);
  });
}

/** POSTs JSON as a visitor at `ip` (the stack trusts X-Forwarded-For) and parses the answer. */
export async function postJson(url: string, body: unknown, ip: string) {
  const payload = JSON.stringify(body);
  const res = await request(url, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "Content-Length": String(Buffer.byteLength(payload)),
      "X-Forwarded-For": ip,
    },
    body: payload,
  });
  return { status: res.status, json: JSON.parse(res.body.toString("utf8") || "null") as unknown };
}
