import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type Answer,
  formatAnswerLine,
  formatAnswerValue,
  parseAnswerLine,
  parseAnswerText,
} from "../../src/core/index.ts";
import { askOf } from "../support/asks.ts";
import { controlIn } from "../support/control-sequences.ts";

const ask = askOf({
  questions: [
    {
      header: "Pick",
      question: 'Which "store"?',
      multiSelect: true,
      allowComment: true,
      options: [
        { label: "A" },
        { label: "AB" },
        { label: "x, y" },
        { label: 'say "hi"' },
        { label: "a — b" },
        { label: "(no answer)" },
      ],
    },
    { header: "Single", question: "Single?", options: [{ label: "One" }, { label: "Two" }] },
  ],
});
const multi = ask.questions[0]!;
const single = ask.questions[1]!;

describe("formatAnswerLine", () => {
  it.each<[string, Answer | undefined, string]>([
    ["a single label", { selected: ["A"] }, String.raw`"Which \"store\"?" = "A"`],
    [
      "labels joined with a comma",
      { selected: ["A", "AB"] },
      String.raw`"Which \"store\"?" = "A, AB"`,
    ],
    [
      "a label holding the separator is quoted",
      { selected: ["A", "x, y"] },
      String.raw`"Which \"store\"?" = ["A", "x, y"]`,
    ],
    [
      "a label holding a quote is quoted",
      { selected: ['say "hi"'] },
      String.raw`"Which \"store\"?" = ["say \"hi\""]`,
    ],
    [
      "a label holding the note separator is quoted",
      { selected: ["a — b"] },
      String.raw`"Which \"store\"?" = ["a — b"]`,
    ],
    [
      "free text after the labels",
      { selected: ["A"], other: "Redis" },
      String.raw`"Which \"store\"?" = "A, Redis"`,
    ],
    [
      "multi-line free text stays on one line",
      { selected: [], other: "line 1\nline 2" },
      String.raw`"Which \"store\"?" = ["line 1\nline 2"]`,
    ],
    [
      "a note after a dash",
      { selected: ["A"], comment: "cheap, fast" },
      String.raw`"Which \"store\"?" = "A — cheap, fast"`,
    ],
    [
      "a note with a quote is quoted",
      { selected: ["A"], comment: '"why" not' },
      String.raw`"Which \"store\"?" = ["A"] — "\"why\" not"`,
    ],
    [
      "free text holding the separator, with a note",
      { selected: [], other: "JSON-RPC, END", comment: "v2" },
      String.raw`"Which \"store\"?" = ["JSON-RPC, END"] — "v2"`,
    ],
    [
      "free text ending in a dash before a note is quoted, so the note's dash stays the only one",
      { selected: [], other: "a —", comment: "#" },
      String.raw`"Which \"store\"?" = ["a —"] — "#"`,
    ],
    ["no answer", undefined, String.raw`"Which \"store\"?" = (no answer)`],
  ])("%s", (_name, answer, expected) => {
    expect(formatAnswerLine(multi, answer)).toBe(expected);
  });

  it("never doubles a quote: a quoted item is never written right next to the value's own quotes", () => {
    const texts = ["JSON-RPC, END", 'say "hi"', " padded ", "a — b", "tab\there"];
    for (const other of texts) {
      const line = formatAnswerLine(multi, { selected: [], other });
      expect(line).not.toMatch(/= ""|""$/u);
    }
  });
});

describe("formatAnswerValue (the transcript row and the RPC review)", () => {
  it("is the plain list when nothing needs quoting, the JSON list otherwise", () => {
    expect(formatAnswerValue({ selected: ["A", "AB"], comment: "cheap, fast" })).toBe(
      "A, AB — cheap, fast",
    );
    expect(formatAnswerValue({ selected: ["A"], other: "JSON-RPC, END" })).toBe(
      '["A", "JSON-RPC, END"]',
    );
  });
});

describe("parseAnswerLine / parseAnswerText", () => {
  it("matches labels exactly: A never matches AB", () => {
    const parsed = parseAnswerText('"Which \\"store\\"?" = "AB"', ask.questions);
    expect(parsed.get(multi.id)).toEqual({ selected: ["AB"] });
  });

  it("treats a non-label item as free text", () => {
    const parsed = parseAnswerText('"Single?" = "Three"', ask.questions);
    expect(parsed.get(single.id)).toEqual({ selected: [], other: "Three" });
  });

  it("accepts a full-width comma between items", () => {
    const parsed = parseAnswerText(`"Which \\"store\\"?" = "A，AB， "x, y""`, ask.questions);
    expect(parsed.get(multi.id)).toEqual({ selected: ["A", "AB", "x, y"] });
  });

  it("reads (no answer) as an unanswered question, and a quoted label of that name as the label", () => {
    const parsed = parseAnswerText(
      '"Single?" = (no answer)\n"Which \\"store\\"?" = ""(no answer)""',
      ask.questions,
    );
    expect(parsed.has(single.id)).toBe(true);
    expect(parsed.get(single.id)).toBeUndefined();
    expect(parsed.get(multi.id)).toEqual({ selected: ["(no answer)"] });
  });

  it("is anchored at the start of a line: quoted text elsewhere is not an answer", () => {
    expect(parseAnswerLine('> "Single?" = "One"')).toBeUndefined();
    expect(parseAnswerLine('cat notes.txt: "Single?" = "One"')).toBeUndefined();
    expect(parseAnswerText('  "Single?" = "One"', ask.questions).size).toBe(0);
  });

  it("rejects lines that are not in the format", () => {
    for (const line of [
      '"Single?" = One',
      '"Single?" "One"',
      '"Single? = "One"',
      '"Single?" = "One',
      '"Single?" = ""x" y"',
    ]) {
      expect(parseAnswerLine(line)).toBeUndefined();
    }
  });

  it("still reads lines written in the earlier format, quoted items inside the quotes", () => {
    const parsed = parseAnswerText(
      String.raw`"Which \"store\"?" = "A, "x, y" — "\"why\" not""
"Single?" = ""Three, four""`,
      ask.questions,
    );
    expect(parsed.get(multi.id)).toEqual({ selected: ["A", "x, y"], comment: '"why" not' });
    expect(parsed.get(single.id)).toEqual({ selected: [], other: "Three, four" });
  });

  it("rejects a broken JSON list", () => {
    for (const line of [
      '"Single?" = ["One"',
      '"Single?" = ["One" "Two"]',
      '"Single?" = ["One", 2]',
      '"Single?" = ["One"] "note"',
      '"Single?" = ["One"] — "note',
      '"Single?" = []',
    ]) {
      expect(parseAnswerLine(line)).toBeUndefined();
    }
  });

  it("ignores questions it does not know and keeps the first line for a question", () => {
    const parsed = parseAnswerText(
      '"Unknown?" = "One"\n"Single?" = "One"\n"Single?" = "Two"',
      ask.questions,
    );
    expect([...parsed.entries()]).toEqual([[single.id, { selected: ["One"] }]]);
  });

  it("writes typed controls, bidi and invisible characters as escapes, and reads them back exactly", () => {
    const other = "a\u009b2J\u009d0;t\u009c\u202eb\u2066c\u2028\u3164\u007f";
    const comment = "n\u202e\u0085";
    const line = formatAnswerLine(multi, { selected: ["A"], other, comment });
    expect(line).toBe(
      String.raw`"Which \"store\"?" = ["A", "a\u009b2J\u009d0;t\u009c\u202eb\u2066c\u2028\u3164\u007f"] — "n\u202e\u0085"`,
    );
    expect(controlIn(line)).toBeUndefined();
    expect(parseAnswerText(line, ask.questions).get(multi.id)).toEqual({
      selected: ["A"],
      other,
      comment,
    });
  });

  it("parses back exactly what it formats, for any answer", () => {
    const labels = multi.options.map((o) => o.label);
    // Mostly the characters the format gives a meaning to, so every quoting path is exercised.
    const tricky = fc.oneof(
      fc.string({ minLength: 1 }),
      fc.string({
        unit: fc.constantFrom("a", ",", " ", '"', "\\", "—", "[", "]", "\n", "，", "(", ")"),
        minLength: 1,
      }),
    );
    const answer = fc
      .record(
        {
          selected: fc.subarray(labels),
          other: tricky.filter(
            (t) =>
              t.trim() === t &&
              t.length > 0 &&
              !labels.some((l) => l.toLowerCase() === t.toLowerCase()),
          ),
          comment: tricky.filter((t) => t.trim() === t && t.length > 0),
        },
        { requiredKeys: ["selected"] },
      )
      .filter((a) => a.selected.length > 0 || a.other !== undefined);
    fc.assert(
      fc.property(answer, (a) => {
        const line = formatAnswerLine(multi, a);
        expect(line).not.toContain("\n");
        expect(controlIn(line)).toBeUndefined();
        expect(parseAnswerText(line, ask.questions).get(multi.id)).toEqual(a);
      }),
      { numRuns: 3000 },
    );
  });
});
