import fc from "fast-check";
import { Value } from "typebox/value";
import { describe, expect, it } from "vitest";
import { AskInputSchema, formatIssue, issueCount, validateAskInput } from "../../src/core/index.ts";

const option = (label: string) => ({ label });
const valid = (overrides: Record<string, unknown> = {}) => ({
  questions: [
    { question: "Which database?", options: [option("Postgres"), option("SQLite")], ...overrides },
  ],
});

function errors(input: unknown): string[] {
  const result = validateAskInput(input);
  return result.ok ? [] : result.issues.map(formatIssue);
}

describe("validateAskInput", () => {
  it("normalises a minimal payload with every default filled in", () => {
    const result = validateAskInput(valid());
    expect(result).toEqual({
      ok: true,
      ask: {
        questions: [
          {
            id: "q1",
            header: "Question",
            question: "Which database?",
            options: [{ label: "Postgres" }, { label: "SQLite" }],
            multiSelect: false,
            allowComment: false,
          },
        ],
      },
      waitForAnswer: true,
    });
  });

  it.each([
    [true, true],
    [false, false],
  ])("accepts waitForAnswer: %s", (value, expected) => {
    const result = validateAskInput({ ...valid(), waitForAnswer: value });
    const plain = validateAskInput(valid());
    if (!result.ok || !plain.ok) throw new Error("expected valid");
    expect(result.waitForAnswer).toBe(expected);
    // The delivery choice is not part of the ask: every surface renders the same questions.
    expect(result.ask).toEqual(plain.ask);
  });

  it("rejects a waitForAnswer that is not a boolean, naming the field and the fix", () => {
    expect(errors({ ...valid(), waitForAnswer: "no" })).toEqual([
      'waitForAnswer: must be true or false (received "no"). Fix: send a JSON boolean, or omit it',
    ]);
  });

  it("advertises waitForAnswer to the model with a default and a description", () => {
    const property = AskInputSchema.properties.waitForAnswer as {
      default?: unknown;
      description?: string;
    };
    expect(property.default).toBe(true);
    expect(property.description).toContain("arrives later as a user message");
    expect(AskInputSchema.required).toEqual(["questions"]);
  });

  it("trims single-line fields and neutralises control characters in multi-line ones", () => {
    const result = validateAskInput(
      valid({
        question: "  Which database?  ",
        context: "line one\r\nline\u001b[31m two\u202e\ttabbed",
        options: [{ label: " Postgres ", preview: "a\u0007b\u2028c" }, option("SQLite")],
      }),
    );
    if (!result.ok) throw new Error("expected valid");
    const [question] = result.ask.questions;
    expect(question?.question).toBe("Which database?");
    expect(question?.context).toBe("line one\nline\u241b[31m two\\u202e\ttabbed");
    expect(question?.options[0]).toEqual({ label: "Postgres", preview: "a\u2407b\nc" });
  });

  it("gives default ids that never collide with ids the model chose", () => {
    const result = validateAskInput({
      questions: [
        { id: "q2", header: "A", question: "First?", options: [option("x"), option("y")] },
        { header: "B", question: "Second?", options: [option("x"), option("y")] },
        { header: "C", question: "Third?", options: [option("x"), option("y")] },
      ],
    });
    if (!result.ok) throw new Error("expected valid");
    expect(result.ask.questions.map((q) => q.id)).toEqual(["q2", "q3", "q4"]);
  });

  it.each([
    ["not an object", 42, ["parameters: must be an object (received 42)."]],
    ["no questions", {}, ["questions: is missing."]],
    ["empty questions", { questions: [] }, ["questions: has 0 questions; 1-4 are allowed."]],
    [
      "five questions",
      {
        questions: Array.from({ length: 5 }, (_, i) => ({
          header: `H${i}`,
          question: `Q${i}?`,
          options: [option("a"), option("b")],
        })),
      },
      ["questions: has 5 questions; 1-4 are allowed."],
    ],
    [
      "unknown top-level field",
      { ...valid(), extra: 1 },
      ["extra: is not a known field (received 1)."],
    ],
    [
      "one option",
      valid({ options: [option("Only")] }),
      ["questions[0].options: has 1 option; 2-8 are allowed."],
    ],
    [
      "an Other option",
      valid({ options: [option("A"), option("Other (please specify)")] }),
      ['questions[0].options[1].label: is an "Other" option'],
    ],
    [
      "a lower-case other",
      valid({ options: [option("A"), option("other")] }),
      ['questions[0].options[1].label: is an "Other" option'],
    ],
    [
      "duplicate labels ignoring case",
      valid({ options: [option("Redis"), option("redis")] }),
      ["questions[0].options[1].label: repeats the label of questions[0].options[0]"],
    ],
    [
      "a label with ESC",
      valid({ options: [option("A\u001b[2J"), option("B")] }),
      ["questions[0].options[0].label: contains the control character U+001B"],
    ],
    [
      "a multi-line question",
      valid({ question: "Which\ndatabase?" }),
      ["questions[0].question: contains a line break"],
    ],
    [
      "a bidi override in a header",
      valid({ header: "DB\u202e" }),
      ["questions[0].header: contains the control character U+202E"],
    ],
    [
      "an empty label",
      valid({ options: [option("   "), option("B")] }),
      ["questions[0].options[0].label: is empty"],
    ],
    [
      "a long label",
      valid({ options: [option("x".repeat(61)), option("B")] }),
      ["questions[0].options[0].label: is 61 characters long; the limit is 60"],
    ],
    [
      "a bad id",
      valid({ id: "Bad-Id" }),
      ['questions[0].id: is not a valid id (received "Bad-Id")'],
    ],
    [
      "a non-boolean multiSelect",
      valid({ multiSelect: "yes" }),
      ['questions[0].multiSelect: must be true or false (received "yes")'],
    ],
    [
      "a long preview",
      valid({ options: [{ label: "A", preview: "p".repeat(4001) }, option("B")] }),
      ["questions[0].options[0].preview: is 4001 characters long; the limit is 4000"],
    ],
  ])("rejects %s", (_name, input, expected) => {
    const messages = errors(input);
    expect(messages).toHaveLength(expected.length);
    expected.forEach((prefix, i) => {
      expect(messages[i]).toContain(prefix);
      expect(messages[i]).toMatch(/\. Fix: \S/u);
    });
  });

  it.each([
    ["Other, please specify"],
    ["Other?"],
    ["Others"],
    ["Other option"],
    ["Other\u200b"],
    ["Oth\u0435r"],
    ["\u041e\u0422\u041d\u0415R"],
    ["\uff2f\uff54\uff48\uff45\uff52"],
    ["Something else"],
    ["other: Redis"],
    ["Other (e.g. Redis)"],
    ["O\u00adther"],
  ])("rejects the Other variant %j", (label) => {
    expect(errors(valid({ options: [option("A"), option(label)] }))).toEqual([
      expect.stringContaining('questions[0].options[1].label: is an "Other" option'),
    ]);
  });

  it.each([
    ["Otherwise"],
    ["Other team's API"],
    ["Others' defaults"],
    ["Another option"],
    ["Mother"],
  ])("accepts the ordinary label %j", (label) => {
    expect(errors(valid({ options: [option("A"), option(label)] }))).toEqual([]);
  });

  it.each([
    ["composed and decomposed é", "Caf\u00e9", "Cafe\u0301"],
    ["a zero-width space", "Redis", "Re\u200bdis"],
    ["a Cyrillic look-alike", "Redis", "R\u0435dis"],
    ["fullwidth letters", "Redis", "\uff32\uff45\uff44\uff49\uff53"],
  ])("rejects duplicate labels that differ only by %s", (_name, first, second) => {
    expect(errors(valid({ options: [option(first), option(second)] }))).toEqual([
      expect.stringContaining(
        "questions[0].options[1].label: repeats the label of questions[0].options[0]",
      ),
    ]);
  });

  it("rejects duplicate questions and headers that differ only by invisible or look-alike characters", () => {
    const q = (header: string, question: string) => ({
      header,
      question,
      options: [option("a"), option("b")],
    });
    expect(
      errors({
        questions: [q("Db", "Which database?"), q("D\u200bB", "Which data\u00adbase?")],
      }).map((m) => m.split(" (received")[0]),
    ).toEqual([
      "questions[1].question: repeats questions[0].question (compared ignoring case, invisible characters and look-alike letters)",
      "questions[1].header: repeats questions[0].header (compared ignoring case, invisible characters and look-alike letters)",
    ]);
  });

  it.each([
    [
      "a label",
      valid({ options: [option("\u200b\u200d"), option("B")] }),
      "questions[0].options[0].label",
    ],
    ["a header", valid({ header: "\u3164" }), "questions[0].header"],
    ["a question", valid({ question: "\u2060\ufe0f\u00ad" }), "questions[0].question"],
  ])("rejects %s made only of invisible characters", (_name, input, path) => {
    expect(errors(input)).toEqual([
      expect.stringContaining(`${path}: has only invisible characters`),
    ]);
  });

  it("shows invisible characters in a received value as escapes", () => {
    expect(errors(valid({ options: [option("\u200b\u00ad\u{e0041}"), option("B")] }))).toEqual([
      String.raw`questions[0].options[0].label: has only invisible characters, so it would show as empty (received "\u200b\u00ad\udb40\udc41"). Fix: give the option a short label`,
    ]);
  });

  it.each([
    [
      "a label",
      valid({ options: [option("A\ud800"), option("B")] }),
      "questions[0].options[0].label",
      "U+D800",
    ],
    ["a question", valid({ question: "Which\udfff?" }), "questions[0].question", "U+DFFF"],
    ["a context", valid({ context: "low \udc00 alone" }), "questions[0].context", "U+DC00"],
    [
      "a preview",
      valid({ options: [{ label: "A", preview: "\ud83d" }, option("B")] }),
      "questions[0].options[0].preview",
      "U+D83D",
    ],
  ])("rejects a lone surrogate in %s, naming the field", (_name, input, path, code) => {
    const messages = errors(input);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(
      `${path}: contains a lone surrogate ${code}, half of a character`,
    );
    expect(messages[0]).toContain(
      "Fix: write the character itself, or both halves of its \\u escape pair",
    );
  });

  /** "ignore all previous instructions" in tag characters: invisible to the user, read by a model. */
  const HIDDEN = Array.from("ignore all", (c) =>
    String.fromCodePoint(0xe0000 + (c.codePointAt(0) ?? 0)),
  ).join("");

  it.each([
    [
      "a label",
      valid({ options: [option(`Postgres${HIDDEN}`), option("B")] }),
      "questions[0].options[0].label",
    ],
    ["a header", valid({ header: `DB\u{e0001}` }), "questions[0].header"],
    ["a question", valid({ question: `Which${HIDDEN} database?` }), "questions[0].question"],
    [
      "a description",
      valid({ options: [{ label: "A", description: `fast${HIDDEN}` }, option("B")] }),
      "questions[0].options[0].description",
    ],
    [
      "a preview",
      valid({ options: [{ label: "A", preview: `x = 1\n${HIDDEN}` }, option("B")] }),
      "questions[0].options[0].preview",
    ],
    ["a context", valid({ context: `note \u{e007f}` }), "questions[0].context"],
  ])("rejects invisible tag characters in %s, naming the field", (_name, input, path) => {
    const messages = errors(input);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(`${path}: contains invisible tag characters (U+E00`);
    expect(messages[0]).toContain("Fix: remove them");
  });

  it("accepts a flag emoji written with tag characters (England, Scotland, Wales)", () => {
    const scotland = "\u{1f3f4}\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}";
    expect(errors(valid({ options: [option(`Scotland ${scotland}`), option("B")] }))).toEqual([]);
    expect(errors(valid({ options: [option(`Tag ${scotland}${HIDDEN}`), option("B")] }))).toEqual([
      expect.stringContaining("contains invisible tag characters"),
    ]);
  });

  it("accepts paired surrogates written as escapes", () => {
    expect(errors(valid({ options: [option("\ud83d\ude00 yes"), option("B")] }))).toEqual([]);
  });

  it("reports a repeated question together with that question's other problems", () => {
    const result = validateAskInput({
      questions: [
        {
          header: "DB",
          question: "Which database?",
          options: [option("Postgres"), option("SQLite")],
        },
        { header: "DB", id: "db", question: "Which  DATABASE?", options: [option("Postgres")] },
        { header: "Cache", id: "db", question: "Which cache?", options: "Redis" },
      ],
    });
    if (result.ok) throw new Error("expected invalid");
    expect(issueCount(result.issues)).toBe(5);
    expect(result.issues.map(formatIssue)).toEqual([
      expect.stringContaining("questions[1].options: has 1 option"),
      expect.stringContaining("questions[2].options: must be an array"),
      expect.stringContaining("questions[1].question: repeats questions[0].question"),
      expect.stringContaining("questions[1].header: repeats questions[0].header"),
      expect.stringContaining("questions[2].id: repeats questions[1].id"),
    ]);
  });

  it("requires unique headers, questions and ids when there are several questions", () => {
    const q = (header: string | undefined, question: string, id?: string) => ({
      ...(header === undefined ? {} : { header }),
      ...(id === undefined ? {} : { id }),
      question,
      options: [option("a"), option("b")],
    });
    expect(
      errors({ questions: [q(undefined, "One?"), q("Db", "Two?", "x"), q("DB", "Two?", "x")] }),
    ).toEqual([
      'questions[0].header: is missing. Fix: give every question a short, unique tab label (at most 12 characters), e.g. "Database"',
      'questions[2].question: repeats questions[1].question (compared ignoring case, invisible characters and look-alike letters) (received "Two?"). Fix: ask each decision once; merge or remove the duplicate',
      'questions[2].header: repeats questions[1].header (compared ignoring case, invisible characters and look-alike letters) (received "DB"). Fix: give every question its own tab label',
      'questions[2].id: repeats questions[1].id (received "x"). Fix: give every question a distinct id, or omit ids',
    ]);
  });

  it("reports every problem of a payload with several mistakes at once", () => {
    const messages = errors({
      questions: [
        { question: "Cache\nstrategy?", options: [option("Redis"), option("Other")] },
        {
          header: "Way too long a header",
          question: "Queue?",
          options: [option("SQS")],
          multiSelect: "yes",
        },
      ],
    });
    expect(messages.map((m) => m.split(":")[0])).toEqual([
      "questions[0].question",
      "questions[0].header",
      "questions[0].options[1].label",
      "questions[1].header",
      "questions[1].multiSelect",
      "questions[1].options",
    ]);
  });

  it("shortens received values without splitting a character", () => {
    const [message] = errors(valid({ options: [option("😀".repeat(100)), option("B")] }));
    expect(message).toContain(`(received "${"😀".repeat(79)}… (22 more characters))`);
  });

  it("rejects nesting deeper than the limit with one clear issue naming the path", () => {
    const deep = JSON.parse(`${"[".repeat(100_000)}${"]".repeat(100_000)}`);
    expect(errors({ questions: [{ question: "Q?", options: deep }] })).toEqual([
      expect.stringMatching(
        /^questions\[0\]\.options[[\]0]+… \(\d+ more characters\): nests arrays and objects more than 64 deep; a valid ask needs 5\. Fix: /u,
      ),
    ]);
    expect(
      errors(
        valid({
          options: [{ label: "A", x: JSON.parse(`${'{"a":'.repeat(9000)}1${"}".repeat(9000)}`) }],
        }),
      ),
    ).toHaveLength(1);
  });

  it("accepts nesting up to the limit and reports the ordinary problems", () => {
    let nested: unknown = 1;
    for (let depth = 0; depth < 59; depth += 1) nested = [nested];
    expect(errors(valid({ context: nested }))).toEqual([
      expect.stringContaining("questions[0].context: must be a string (received [[[["),
    ]);
  });

  it("lists the first 20 problems of each kind and counts the rest", () => {
    const result = validateAskInput({
      questions: [{ question: "Q?", options: Array.from({ length: 5000 }, () => ({ label: 5 })) }],
      ...Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`extra${i}`, i])),
    });
    if (result.ok) throw new Error("expected invalid");
    const lines = result.issues.map(formatIssue);
    expect(lines).toHaveLength(20 + 1 + 1 + 20 + 1);
    expect(lines[20]).toBe(
      "extra20 … extra29: and 10 more like the one above, not listed one by one. Fix: remove it; the allowed fields here are questions, waitForAnswer",
    );
    expect(lines[21]).toContain(
      "questions[0].options: has 5000 options; 2-8 are allowed (only the first 64 were checked).",
    );
    expect(lines.at(-1)).toBe(
      "questions[0].options[20].label … questions[0].options[63].label: and 44 more like the one above, not listed one by one. Fix: send this field as a JSON string",
    );
    expect(result.issues.at(-1)?.more).toBe(44);
    expect(issueCount(result.issues)).toBe(30 + 1 + 64);
  });

  it("checks only the first 64 elements of an array past its limit, and says so", () => {
    const result = validateAskInput({
      questions: Array.from({ length: 100_000 }, (_, i) => ({
        question: `Q${i}?`,
        header: i === 70 ? 7 : `H${i}`,
        options: [option("a"), option("b")],
      })),
    });
    if (result.ok) throw new Error("expected invalid");
    expect(result.issues.map(formatIssue)).toEqual([
      "questions: has 100000 questions; 1-4 are allowed (only the first 64 were checked). Fix: ask at most 4 questions now; ask the rest later if they still matter",
    ]);
  });

  it("shortens every echoed key and value", () => {
    const key = `k${"e".repeat(10_000_000)}`;
    const [message] = errors({ ...valid(), [key]: "v".repeat(1_000_000) });
    expect(message).toBe(
      `["k${"e".repeat(78)}… (9999923 more characters)]: is not a known field (received "${"v".repeat(79)}… (999922 more characters)). Fix: remove it; the allowed fields here are questions, waitForAnswer`,
    );
  });

  it("never throws on deep or wide JSON", () => {
    const deep = fc
      .tuple(fc.integer({ min: 1, max: 200_000 }), fc.constantFrom("[", '{"k":'), fc.jsonValue())
      .map(([depth, open, leaf]) => {
        const close = open === "[" ? "]" : "}";
        return JSON.parse(`${open.repeat(depth)}${JSON.stringify(leaf)}${close.repeat(depth)}`);
      });
    const wide = fc.integer({ min: 0, max: 5000 }).map((width) => ({
      questions: [
        {
          question: "Q?",
          options: Array.from({ length: width }, (_, i) => ({ label: i, [`x${i}`]: [[[i]]] })),
        },
      ],
      ...Object.fromEntries(Array.from({ length: width }, (_, i) => [`k${i}`, i])),
    }));
    const placed = fc.oneof(
      deep,
      wide,
      deep.map((value) => ({ questions: value })),
      deep.map((value) => valid({ header: value })),
      deep.map((value) => ({
        questions: [{ question: "Q?", options: [value, { label: value }] }],
      })),
    );
    fc.assert(
      fc.property(placed, (value) => {
        const result = validateAskInput(value);
        expect(typeof result.ok).toBe("boolean");
      }),
      { numRuns: 200 },
    );
  });

  it("never throws, whatever JSON it is given", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const result = validateAskInput(value);
        expect(typeof result.ok).toBe("boolean");
      }),
      { numRuns: 2000 },
    );
  });

  it("never throws on payload-shaped JSON, and every issue names a path and a fix", () => {
    const anyValue = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.jsonValue(),
    );
    const loose = fc.record(
      {
        questions: fc.array(
          fc.record(
            {
              question: anyValue,
              header: anyValue,
              id: anyValue,
              context: anyValue,
              options: fc.oneof(
                fc.array(
                  fc.record(
                    { label: anyValue, description: anyValue, preview: anyValue },
                    { requiredKeys: [] },
                  ),
                  { maxLength: 10 },
                ),
                anyValue,
              ),
              multiSelect: anyValue,
              allowComment: anyValue,
            },
            { requiredKeys: [] },
          ),
          { maxLength: 6 },
        ),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(loose, (value) => {
        const result = validateAskInput(value);
        if (!result.ok) {
          for (const issue of result.issues) {
            expect(issue.path.length).toBeGreaterThan(0);
            expect(issue.fix.length).toBeGreaterThan(0);
          }
        }
      }),
      { numRuns: 1000 },
    );
  });

  it("accepts nothing the advertised JSON Schema rejects", () => {
    const text = fc.string({ minLength: 1, maxLength: 70 });
    const payload = fc.record({
      questions: fc.array(
        fc.record(
          {
            question: text,
            header: fc.string({ minLength: 1, maxLength: 14 }),
            options: fc.array(fc.record({ label: text }), { minLength: 1, maxLength: 9 }),
            multiSelect: fc.boolean(),
          },
          { requiredKeys: ["question", "options"] },
        ),
        { minLength: 1, maxLength: 5 },
      ),
      waitForAnswer: fc.oneof(fc.boolean(), fc.constant(undefined)),
    });
    fc.assert(
      fc.property(payload, (value) => {
        if (validateAskInput(value).ok) expect(Value.Check(AskInputSchema, value)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});
