import { describe, expect, it } from "vitest";
import { ASK_ID, newAskId } from "../../src/remote/ask-id.ts";

describe("ask ids", () => {
  it("never start with '-' or '_', so no command line reads one as an option", () => {
    // 0xf8 and 0xfc are the bytes base64url writes as '-' and '_' first.
    const draws = [Buffer.alloc(12, 0xf8), Buffer.alloc(12, 0xfc), Buffer.alloc(12, 0x41)];
    const id = newAskId(() => draws.shift() ?? Buffer.alloc(12, 0));
    expect(id).toBe(Buffer.alloc(12, 0x41).toString("base64url"));
  });

  it("are 16 characters of the id alphabet, and differ", () => {
    const ids = new Set(Array.from({ length: 2000 }, () => newAskId()));
    expect(ids.size).toBe(2000);
    for (const id of ids) {
      expect(id).toMatch(ASK_ID);
      expect(id).toMatch(/^[A-Za-z0-9][A-Za-z0-9_-]{15}$/u);
    }
  });
});
