import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { comparisonKey, isOtherLabel, visibleText } from "../../src/core/comparable-text.ts";

describe("comparable text", () => {
  it("drops invisible characters and composes accents", () => {
    expect(visibleText("Cafe\u0301\u200b\u00ad\ufeff\u2060")).toBe("Caf\u00e9");
    expect(visibleText("\u3164\u115f\u2800")).toBe("");
  });

  it("folds what looks alike to one key", () => {
    expect(comparisonKey("  Re\u200bdis   Cluster ")).toBe("REDIS CLUSTER");
    expect(comparisonKey("R\u0435\u0501is")).toBe(comparisonKey("Redis"));
    expect(comparisonKey("\u039f\u03c4\u03b7er")).toBe("OTHER");
    expect(comparisonKey("\uff32\uff45\uff44\uff49\uff53\uff01")).toBe("REDIS!");
  });

  it("never folds two different words of one script together", () => {
    const word = (alphabet: string) =>
      fc
        .array(fc.constantFrom(...Array.from(alphabet)), { minLength: 1, maxLength: 6 })
        .map((a) => a.join(""));
    for (const alphabet of [
      "абвгдежзийклмнопрстуфхцчшщъыьэюяіјѕ",
      "αβγδεζηθικλμνξοπρστυφχψω",
      "abcdefghijklmnopqrstuvwxyz",
    ]) {
      fc.assert(
        fc.property(word(alphabet), word(alphabet), (a, b) => {
          const same = a.toUpperCase() === b.toUpperCase();
          expect(comparisonKey(a) === comparisonKey(b)).toBe(same);
        }),
        { numRuns: 300 },
      );
    }
  });

  it.each([
    ["Other", true],
    ["OTHERS", true],
    ["Other, please specify", true],
    ["Other (please specify)", true],
    ["Other…", true],
    ["Other / custom", true],
    ["Please specify", true],
    ["Something else?", true],
    ["Anything else", true],
    ["Other's choice", false],
    ["Other team's API", false],
    ["Otherwise", false],
    ["Other databases first", false],
    ["Another", false],
    ["Something else entirely", false],
    ["Smother", false],
  ])("%j is an Other row: %s", (label, expected) => {
    expect(isOtherLabel(label)).toBe(expected);
  });

  it("judges a label the same whatever invisible characters are slipped into it", () => {
    const invisible = fc.constantFrom("\u200b", "\u200c", "\u200d", "\u2060", "\u00ad", "\ufeff");
    const base = fc.constantFrom(
      "Other",
      "Others?",
      "Otherwise",
      "Other team",
      "Something else",
      "Redis",
    );
    fc.assert(
      fc.property(
        base,
        fc.array(fc.tuple(fc.nat(), invisible), { maxLength: 4 }),
        (label, inserts) => {
          let text = label;
          for (const [at, char] of inserts) {
            const cut = at % (text.length + 1);
            text = text.slice(0, cut) + char + text.slice(cut);
          }
          expect(isOtherLabel(text)).toBe(isOtherLabel(label));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("never calls a label an Other row unless it starts like one", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (label) => {
        if (!isOtherLabel(label)) return;
        expect(comparisonKey(label).replace(/^[\p{P}\p{S}\s]+/u, "")).toMatch(
          /^(?:OTHER|SOMETHING|ANYTHING|PLEASE)/u,
        );
      }),
      { numRuns: 2000 },
    );
  });
});
