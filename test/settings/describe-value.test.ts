import { describe, expect, it } from "vitest";
import { describeValue } from "../../src/settings/json.ts";

describe("describeValue", () => {
  it("shortens a long value to 60 characters, the ellipsis included", () => {
    const shown = describeValue("x".repeat(100));
    expect(shown).toBe(`"${"x".repeat(58)}…`);
  });

  it("never cuts a character in half when shortening", () => {
    // 58 code units of text before the emoji: a cut by code units would keep its first half.
    const shown = describeValue(`${"x".repeat(57)}🚀${"y".repeat(20)}`);
    expect(shown).toBe(`"${"x".repeat(57)}🚀…`);
    expect(/[\ud800-\udbff](?![\udc00-\udfff])/u.test(shown)).toBe(false);
  });
});
