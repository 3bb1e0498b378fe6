import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findDuplicateKey } from "../../src/core/json-duplicate-keys.ts";

describe("findDuplicateKey", () => {
  it.each([
    ['{"db": "A", "db": "B"}', { key: "db", path: undefined }],
    ['{"q": {"selected": [], "other": "x", "other": "y"}}', { key: "other", path: "q" }],
    [
      '{"questions": [{"options": [{"label": "A"}, {"label": "B", "label": "C"}]}]}',
      { key: "label", path: "questions[0].options[1]" },
    ],
    ['{"a\\u0062": 1, "ab": 2}', { key: "ab", path: undefined }],
    ['[{"k": 1}, {"k": 2}, {"x": [1, {"y": 1, "y": 2}]}]', { key: "y", path: "[2].x[1]" }],
  ])("finds the repeated key in %s", (text, expected) => {
    expect(findDuplicateKey(text)).toEqual(expected);
  });

  it.each([
    ['{"db": "A", "api": "B"}'],
    ['{"a": {"k": 1}, "b": {"k": 1}}'],
    ['{"s": "\\"db\\": 1, \\"db\\": 2", "k": "{\\"x\\":1,\\"x\\":2}"}'],
    ['[1, "a", true, null, -2.5e3, {}, []]'],
  ])("finds no repeat in %s", (text) => {
    expect(findDuplicateKey(text)).toBeUndefined();
  });

  it("handles any nesting depth without recursion", () => {
    const deep = `${'{"a":'.repeat(200_000)}{"k": 1, "k": 2}${"}".repeat(200_000)}`;
    expect(findDuplicateKey(deep)?.key).toBe("k");
  });

  it("agrees with JSON.parse on JSON without repeats", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(findDuplicateKey(JSON.stringify(value, null, 1))).toBeUndefined();
      }),
      { numRuns: 500 },
    );
  });
});
