import { describe, expect, it } from "vitest";
import { findTooDeep } from "../../src/core/json-depth.ts";

function nested(depth: number): unknown {
  let value: unknown = "leaf";
  for (let level = 0; level < depth; level += 1) value = level % 2 ? [value] : { k: value };
  return value;
}

describe("findTooDeep", () => {
  it("allows exactly the limit and names the first container past it", () => {
    expect(findTooDeep(nested(64), undefined)).toBeUndefined();
    expect(findTooDeep(nested(65), undefined)).toBe(`k${"[0].k".repeat(31)}[0]`);
  });

  it("names the path from the given root and ignores scalars", () => {
    expect(findTooDeep({ a: [{ b: [[1]] }] }, "answers", 4)).toBe("answers.a[0].b[0]");
    expect(findTooDeep("text", "answers", 1)).toBeUndefined();
    expect(findTooDeep({ "odd key": { x: 1 } }, undefined, 1)).toBe('["odd key"]');
  });

  it("terminates on a cycle", () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(findTooDeep(cycle, undefined)).toBe(`self${".self".repeat(63)}`);
  });
});
