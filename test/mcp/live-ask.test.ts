import { describe, expect, it } from "vitest";
import { elicitationTimeoutMs } from "../../src/mcp/live-ask.ts";

describe("elicitationTimeoutMs", () => {
  it("outlasts the idle timer's cap, never the SDK's 60 s default", () => {
    expect(elicitationTimeoutMs()).toBe(120 * 60_000 + 5_000);
  });
});
