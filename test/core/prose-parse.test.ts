import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { askFromProse, LIMITS, validateAskInput } from "../../src/core/index.ts";
import { controlIn } from "../support/control-sequences.ts";

/** Each question as `question [labels] (multi)`, so a table row reads like the form. */
function shown(message: string): string[] {
  const { ask } = askFromProse(message);
  return (ask?.questions ?? []).map(
    (q) =>
      `${q.header}: ${q.question} [${q.options.map((o) => o.label).join(" | ")}]${q.multiSelect ? " (multi)" : ""}`,
  );
}

function leftOut(message: string): string[] {
  return askFromProse(message).leftOut.map(
    (item) => `${item.line ?? "-"}: ${item.text} — ${item.reason}`,
  );
}

const NUMBERED = `Before I start, a few questions:

1. Which database should the service use?
   a) Postgres — mature, more ops
   b) SQLite — zero setup
2. Which API style?
   1. REST
   2. GraphQL
3. Which features do you want in v1 (select all that apply)?
   - Auth
   - Search
   - Billing

Let me know and I'll get going.`;

const BULLETED = `A couple of decisions:

- **Database:** which one should we use?
  - Postgres (Recommended)
  - SQLite
- **Hosting:** where will it run?
  * Fly.io
  * A VPS`;

const INLINE = `Two things:
1. Should we use a queue or a cron job?
2. Do you want REST, GraphQL, or gRPC?
3. Should the API be versioned (yes or no)?
4. Which one? a) Postgres b) SQLite c) MySQL`;

describe("parseProse reads the common shapes", () => {
  it.each([
    [
      "numbered questions, lettered, numbered and bulleted options",
      NUMBERED,
      [
        "Question 1: Which database should the service use? [Postgres | SQLite]",
        "Question 2: Which API style? [REST | GraphQL]",
        "Question 3: Which features do you want in v1 (select all that apply)? [Auth | Search | Billing] (multi)",
      ],
    ],
    [
      "bulleted questions with a header and nested bullets",
      BULLETED,
      [
        "Database: which one should we use? [Postgres (Recommended) | SQLite]",
        "Hosting: where will it run? [Fly.io | A VPS]",
      ],
    ],
    [
      "inline alternatives and lettered options after the question mark",
      INLINE,
      [
        "Question 1: Should we use a queue or a cron job? [a queue | a cron job]",
        "Question 2: Do you want REST, GraphQL, or gRPC? [REST | GraphQL | gRPC]",
        "Question 3: Should the API be versioned (yes or no)? [yes | no]",
        "Question 4: Which one? [Postgres | SQLite | MySQL]",
      ],
    ],
    [
      "a plain question with a lead-in line before its options",
      "Which runtime do you prefer?\nThe options:\n- Node\n- Deno\n- Bun",
      ["Question 1: Which runtime do you prefer? [Node | Deno | Bun]"],
    ],
    [
      "a quoted question (a Markdown block quote)",
      "> Which licence?\n> - MIT\n> - Apache-2.0",
      ["Question 1: Which licence? [MIT | Apache-2.0]"],
    ],
  ])("%s", (_name, message, expected) => {
    expect(shown(message)).toEqual(expected);
  });

  it.each([
    ["Should the job run hourly or nightly?", "hourly | nightly"],
    ["Should the backup job run hourly or nightly?", "hourly | nightly"],
    ["Should we deploy to AWS or GCP?", "AWS | GCP"],
    ["Should we deploy it to AWS, GCP or Azure?", "AWS | GCP | Azure"],
    ["Should we use Postgres or SQLite?", "Postgres | SQLite"],
    ["Do you prefer tabs or spaces?", "tabs | spaces"],
    ["Should we use a queue or a cron job?", "a queue | a cron job"],
  ])("reads the alternatives of %j without the words before them", (question, labels) => {
    expect(shown(question)).toEqual([`Question 1: ${question} [${labels}]`]);
  });

  it("keeps an option's explanation as its description", () => {
    const { ask } = askFromProse(NUMBERED);
    expect(ask?.questions[0]?.options).toEqual([
      { label: "Postgres", description: "mature, more ops" },
      { label: "SQLite", description: "zero setup" },
    ]);
  });
});

describe("parseProse ignores code and leaves out what it cannot read, saying so", () => {
  it("never reads a question inside a code block, fenced with backticks or tildes", () => {
    const message = [
      "Here is the config:",
      "```yaml",
      "# Which port? a) 80 b) 443",
      "1. Is this a question?",
      "   a) yes",
      "   b) no",
      "```",
      "~~~~",
      "- Should we use X or Y?",
      "~~~~",
      "Which port should it listen on?",
      "- 8080",
      "- 3000",
    ].join("\n");
    expect(shown(message)).toEqual(["Question 1: Which port should it listen on? [8080 | 3000]"]);
    expect(askFromProse(message).asked).toBe(1);
  });

  it("an unclosed fence hides everything after it", () => {
    expect(shown("```\nWhich one?\n- A\n- B")).toEqual([]);
  });

  it.each([
    [
      "a question without options",
      "What should we name the service?",
      [
        "1: What should we name the service? — it offers no options to choose from (answer it in the editor)",
      ],
    ],
    [
      "a question with one option",
      "Which one?\n- Only this",
      ["1: Which one? — it offers only one option"],
    ],
    [
      'an "Other" option',
      "Which colour?\n- Red\n- Blue\n- Other",
      ['4: Other — the option "Other" is left out: the form always offers free text'],
    ],
    [
      "an option listed twice",
      "Which colour?\n- Red\n- Blue\n- red",
      ["4: red — the option is listed twice"],
    ],
    [
      "more than eight options",
      `Which number?\n${Array.from({ length: 10 }, (_, i) => `- n${i + 1}`).join("\n")}`,
      [
        "10: n9 — a question takes at most 8 options",
        "11: n10 — a question takes at most 8 options",
      ],
    ],
  ])("%s", (_name, message, expected) => {
    expect(leftOut(message)).toEqual(expected);
  });

  it("takes the first four of fifty questions and lists the rest as left out", () => {
    const message = Array.from(
      { length: 50 },
      (_, i) => `${i + 1}. Which option for item ${i + 1}?\n   a) Yes\n   b) No`,
    ).join("\n");
    const reading = askFromProse(message);
    expect(reading.ask?.questions.map((q) => q.question)).toEqual([
      "Which option for item 1?",
      "Which option for item 2?",
      "Which option for item 3?",
      "Which option for item 4?",
    ]);
    expect(reading.asked).toBe(50);
    expect(reading.leftOut).toHaveLength(46);
    expect(reading.leftOut[0]).toEqual({
      scope: "question",
      line: 13,
      text: "Which option for item 5?",
      reason: "the form takes at most 4 questions",
    });
  });

  it("reads nested items under an option as its description, not as options", () => {
    const message = [
      "1. Which cache?",
      "   - Redis",
      "     - needs a server",
      "       - and ops",
      "   - In-process",
      "     - lost on restart",
    ].join("\n");
    const { ask } = askFromProse(message);
    expect(ask?.questions[0]?.options).toEqual([
      { label: "Redis", description: "needs a server; and ops" },
      { label: "In-process", description: "lost on restart" },
    ]);
  });

  it("removes escape sequences and controls, and says how many", () => {
    const message =
      "\u001b[31mWhich colour?\u001b[0m\n- Red\u0007\n- Bl\u009b2Jue\n- \u202eGreen\n\u001b]0;owned\u0007";
    const reading = askFromProse(message);
    expect(shown(message)).toEqual(["Question 1: Which colour? [Red | Blue | Green]"]);
    expect(reading.leftOut).toEqual([
      {
        scope: "message",
        text: "6 control characters or escape sequences",
        reason: "removed from the text; they cannot be shown",
      },
    ]);
  });

  it("leaves out a question validation rejects and keeps the others", () => {
    // Look-alike letters (Cyrillic а) make two labels a person cannot tell apart.
    const message = "1. Which one?\n   - Apple\n   - \u0410pple\n2. Which size?\n   - S\n   - M";
    const reading = askFromProse(message);
    expect(reading.ask?.questions.map((q) => q.question)).toEqual(["Which size?"]);
    expect(reading.leftOut[0]?.reason).toMatch(/^options\[1\]\.label /u);
  });

  // Its speed is measured by no test (a loaded machine stretches any figure); a pattern that
  // backtracks over 1 MB runs for minutes, which the test's own time limit reports.
  it("reads a 1 MB message", () => {
    const filler = "Some prose about the design without asking anything. ".repeat(20_000);
    const message = `${filler}\nWhich database?\n- Postgres\n- SQLite\n${"x".repeat(50_000)}`;
    expect(message.length).toBeGreaterThan(1_000_000);
    const reading = askFromProse(message);
    expect(reading.ask?.questions).toHaveLength(1);
  });
});

describe("parseProse on any text", () => {
  it("never throws, and what it returns is a valid ask free of control characters", () => {
    const pieces = fc.constantFrom(
      "1. ",
      "- ",
      "a) ",
      "   ",
      "?",
      " or ",
      "\n",
      "```\n",
      "\u001b[1m",
      "\u0007",
      "\u009b",
      "\u202e",
      "Which one",
      "Postgres",
      "Other",
      "**",
      ":",
      "—",
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(pieces, fc.string()), { maxLength: 60 }), (parts) => {
        const reading = askFromProse(parts.join(""));
        if (!reading.ask) return;
        expect(reading.ask.questions.length).toBeLessThanOrEqual(LIMITS.maxQuestions);
        expect(validateAskInput({ questions: reading.ask.questions }).ok).toBe(true);
        expect(controlIn(JSON.stringify(reading.ask).replace(/\\u[0-9a-f]{4}/gu, ""))).toBe(
          undefined,
        );
        for (const q of reading.ask.questions) {
          expect(controlIn(q.question)).toBeUndefined();
          for (const o of q.options) expect(controlIn(o.label)).toBeUndefined();
        }
      }),
      { numRuns: 300 },
    );
  });
});
