import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { assignRequestId } from "./request-id";

function request(id?: string | string[]) {
  const headers: Record<string, string | number | string[]> = {};
  const req = { headers: id === undefined ? {} : { "x-request-id": id } } as unknown as IncomingMessage;
  const res = { setHeader: (name: string, value: string) => (headers[name] = value) } as unknown as ServerResponse;
  return { id: assignRequestId(req, res), sent: headers["X-Request-Id"] };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("the request id", () => {
  it("keeps a well-formed incoming X-Request-Id and sends it back", () => {
    expect(request("lb-1234:abc.def_9")).toEqual({ id: "lb-1234:abc.def_9", sent: "lb-1234:abc.def_9" });
  });

  it("makes a new one when there is none, or the incoming one is malformed, too long or repeated", () => {
    for (const incoming of [undefined, "", "has space", "<script>", "x".repeat(101), ["a", "b"]]) {
      const { id, sent } = request(incoming);
      expect(id).toMatch(UUID);
      expect(sent).toBe(id);
    }
  });
});
