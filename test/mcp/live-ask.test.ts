import { describe, expect, it } from "vitest";
import { elicitationTimeoutMs } from "../../src/mcp/live-ask.ts";
import { DEFAULT_SETTINGS } from "../../src/settings/settings.ts";

describe("elicitationTimeoutMs", () => {
  it.each([
    [0, 120 * 60_000],
    [5, 5 * 60_000 + 5_000],
    [0.5, 30_000 + 5_000],
    [500, 120 * 60_000 + 5_000],
  ])("idle timeout %s minutes → %s ms, never the SDK's 60 s default", (minutes, expected) => {
    expect(elicitationTimeoutMs({ ...DEFAULT_SETTINGS, idleTimeoutMinutes: minutes })).toBe(
      expected,
    );
  });
});
