import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  clipCodePoints,
  codePointEnd,
  countCodePoints,
  shortenEcho,
  truncateCodePoints,
} from "../../src/core/index.ts";

// Any UTF-16 text, lone surrogates included: a cut must treat them as Array.from does.
const anyText = fc.string({ unit: "binary", maxLength: 30 });

describe("cutting by code points", () => {
  it.each([
    ["short", 10, "short"],
    ["exactly", 7, "exactly"],
    ["abcdef", 3, "abc…"],
    ["🚀🚀🚀", 2, "🚀🚀…"],
    ["a\ud800b", 2, "a\ud800…"],
  ])("truncateCodePoints(%j, %i) is %j", (text, max, expected) => {
    expect(truncateCodePoints(text, max)).toBe(expected);
  });

  it.each([
    ["short", 10, "short"],
    ["exactly", 7, "exactly"],
    ["abcdef", 3, "ab…"],
    ["🚀🚀🚀", 2, "🚀…"],
  ])("clipCodePoints(%j, %i) is %j", (text, max, expected) => {
    expect(clipCodePoints(text, max)).toBe(expected);
  });

  it("agrees with counting code points by Array.from", () => {
    fc.assert(
      fc.property(anyText, fc.nat(35), (text, max) => {
        const points = Array.from(text);
        expect(countCodePoints(text)).toBe(points.length);
        const end = codePointEnd(text, max);
        expect(text.slice(0, end)).toBe(points.slice(0, max).join(""));
        expect(countCodePoints(text, end)).toBe(Math.max(0, points.length - max));
        expect(truncateCodePoints(text, max)).toBe(
          points.length > max ? `${points.slice(0, max).join("")}…` : text,
        );
        if (max >= 1) {
          expect(clipCodePoints(text, max)).toBe(
            points.length > max ? `${points.slice(0, max - 1).join("")}…` : text,
          );
        }
      }),
    );
  });

  it("shortenEcho still says how many code points it left out", () => {
    expect(shortenEcho("🚀".repeat(5), 2)).toBe("🚀🚀… (3 more characters)");
    expect(shortenEcho("abc", 2)).toBe("ab… (1 more character)");
    expect(shortenEcho("ab", 2)).toBe("ab");
  });
});
