import { describe, expect, it } from "vitest";
import { adoptSessionKey, sessionHeaders } from "../../../src/remote/page/session-key.ts";

const STORED = "s".repeat(64);
const LINKED = "l".repeat(64);

describe("adopting the page's session key", () => {
  it.each([
    ["no key in the address", "#ask=a1", "accepted", STORED, STORED],
    ["a key the server accepts", `#ask=a1&session=${LINKED}`, "accepted", LINKED, LINKED],
    ["a key the server refuses (a junk link)", `#session=${LINKED}`, "refused", STORED, STORED],
    ["a key the server could not be asked about", `#session=${LINKED}`, "unknown", LINKED, STORED],
  ] as const)("%s", async (_name, hash, verdict, used, kept) => {
    let stored = STORED;
    let address: string = hash;
    await adoptSessionKey({
      hash,
      setHash: (rest) => {
        address = rest;
      },
      stored: () => stored,
      store: (key) => {
        stored = key;
      },
      check: async () => verdict,
    });
    expect(sessionHeaders()).toEqual({ "askuser-session": used });
    expect(stored).toBe(kept);
    expect(address).not.toContain("session=");
  });
});
