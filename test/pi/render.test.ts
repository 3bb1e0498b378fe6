import { describe, expect, it } from "vitest";
import {
  type Ask,
  type AskDetails,
  cancelledBeforeOpenDetails,
  invalidDetails,
  unavailableDetails,
  validateAskInput,
} from "../../src/core/index.ts";
import { callText, type RenderTheme, resultText } from "../../src/pi/render.ts";

/** Identity styles keep snapshots readable; the tagged theme shows which slot styled what. */
const plain: RenderTheme = { fg: (_color, text) => text, bold: (text) => text };
const tagged: RenderTheme = {
  fg: (color, text) => `<${color}>${text}</>`,
  bold: (text) => `*${text}*`,
};

const ask: Ask = (() => {
  const result = validateAskInput({
    questions: [
      {
        id: "db",
        header: "Database",
        question: "Which database?",
        options: [{ label: "Postgres" }, { label: "SQLite" }],
      },
      {
        id: "features",
        header: "Features",
        question: "Which features?",
        multiSelect: true,
        allowComment: true,
        options: [{ label: "Refunds" }, { label: "Webhooks" }, { label: "Export" }],
      },
      {
        id: "api",
        header: "API",
        question: "Which API style?",
        options: [{ label: "REST" }, { label: "gRPC" }],
      },
    ],
  });
  if (!result.ok) throw new Error("fixture");
  return result.ask;
})();

const answered: AskDetails = {
  status: "answered",
  questions: ask.questions,
  answers: {
    db: { selected: ["Postgres"] },
    features: { selected: ["Refunds", "Export"], other: "Audit log", comment: "finance needs it" },
  },
  unanswered: ["api"],
};

function render(details: unknown, expanded = false, theme = plain): string {
  return resultText(
    { details, content: [{ type: "text", text: "fallback text" }] },
    expanded,
    theme,
  );
}

describe("renderCall", () => {
  it("shows ask_user and the question headers", () => {
    expect(callText({ questions: ask.questions }, tagged)).toMatchInlineSnapshot(
      `"<toolTitle>*ask_user*</> <muted>Database · Features · API</>"`,
    );
  });

  it("copes with streaming or malformed arguments and never prints control characters", () => {
    expect(callText(undefined, plain)).toBe("ask_user");
    expect(callText({ questions: "nope" }, plain)).toBe("ask_user");
    expect(
      callText({ questions: [{ question: "Deploy\u001b[2J now?" }, { header: 3 }, null] }, plain),
    ).toMatchInlineSnapshot(`"ask_user Deploy␛[2J now? · …"`);
  });
});

describe("renderResult", () => {
  it("collapsed: one ✓ line per answer, skipped questions marked", () => {
    expect(render(answered)).toMatchInlineSnapshot(`
      "✓ Database: Postgres
      ✓ Features: Refunds, Export, Audit log — finance needs it
      – API: skipped"
    `);
  });

  it("collapsed: a long answer stays short (a pasted 10 KB note), expanded shows all of it", () => {
    const note = "N".repeat(10_240);
    const long: AskDetails = {
      ...answered,
      answers: { db: { selected: ["Postgres"], other: "x".repeat(300), comment: note } },
    };
    const rows = render(long).split("\n");
    expect(rows).toHaveLength(3);
    const db = rows[0] ?? "";
    expect(Array.from(db).length).toBeLessThanOrEqual(200);
    expect(db.startsWith("✓ Database: Postgres, xxx")).toBe(true);
    expect(db).toMatch(/… \(10433 more characters; expand to see all\)$/u);
    expect(render(long, true)).toContain(note);
  });

  it("expanded: every option with ●/○, the Other text and the note", () => {
    expect(render(answered, true)).toMatchInlineSnapshot(`
      "✓ Database — Which database?
          ● Postgres
          ○ SQLite
          ○ Other
      ✓ Features — Which features?
          ● Refunds
          ○ Webhooks
          ● Export
          ● Other: "Audit log"
          note: finance needs it
      – API — Which API style?
          ○ REST
          ○ gRPC
          ○ Other
          (skipped)"
    `);
  });

  it("uses the theme's slots", () => {
    expect(
      render(
        { ...answered, unanswered: [], answers: { db: { selected: ["SQLite"] } } },
        false,
        tagged,
      ),
    ).toMatchInlineSnapshot(`
      "<success>✓</> <accent>Database</>: <text>SQLite</>
      <dim>–</> <accent>Features</>: <dim>skipped</>
      <dim>–</> <accent>API</>: <dim>skipped</>"
    `);
  });

  it.each([
    [
      "cancelled by the user, with partial answers",
      { ...answered, status: "cancelled", origin: "user" },
    ],
    [
      "withdrawn by an abort: no answers shown",
      { ...answered, status: "cancelled", origin: "turn_abort" },
    ],
    ["form failure", { ...answered, status: "cancelled", origin: "ui_failure" }],
    ["timed out", { ...answered, status: "timed_out" }],
    ["session closed", cancelledBeforeOpenDetails(ask, "session_closed")],
    ["unavailable", unavailableDetails(ask)],
    ["invalid", invalidDetails([{ path: "questions", problem: "is missing", fix: "add it" }])],
  ])("%s looks unlike an answer", (_name, details) => {
    const collapsed = render(details, false, tagged);
    expect(collapsed).not.toMatch(/^<success>✓/u);
    expect(collapsed).toMatchSnapshot();
  });

  it("every end lists each question, answered or not", () => {
    const rows = (details: AskDetails) => render(details).split("\n");
    expect({
      cancelled: rows({ ...answered, status: "cancelled", origin: "user" }),
      timedOut: rows({ ...answered, status: "timed_out" }),
      aborted: rows({ ...answered, status: "cancelled", origin: "turn_abort" }),
    }).toMatchInlineSnapshot(`
      {
        "aborted": [
          "✗ Withdrawn: the turn was aborted",
          "– Database: no answer sent",
          "– Features: no answer sent",
          "– API: no answer sent",
        ],
        "cancelled": [
          "✗ Cancelled by the user",
          "✓ Database: Postgres",
          "✓ Features: Refunds, Export, Audit log — finance needs it",
          "– API: no answer",
        ],
        "timedOut": [
          "⏱ Timed out before the user finished answering",
          "✓ Database: Postgres",
          "✓ Features: Refunds, Export, Audit log — finance needs it",
          "– API: no answer",
        ],
      }
    `);
  });

  it("unavailable rows say why nothing was asked", () => {
    expect([
      render(unavailableDetails(ask)),
      render(unavailableDetails(ask, "user_away")),
    ]).toMatchInlineSnapshot(`
      [
        "⊘ Not asked: no interactive user in this mode (ask_user turned off)",
        "⊘ Not asked: an earlier question in this turn timed out, so the user seems away",
      ]
    `);
  });

  it("invalid, expanded, lists the problems", () => {
    expect(
      render(invalidDetails([{ path: "questions", problem: "is missing", fix: "add it" }]), true),
    ).toMatchInlineSnapshot(`
      "✗ Not asked: the parameters have 1 problem
        questions: is missing. Fix: add it"
    `);
  });

  it("falls back to the text when details are not an ask_user outcome (thrown error, old session)", () => {
    expect(render({})).toBe("fallback text");
    expect(
      resultText(
        {
          details: undefined,
          content: [{ type: "text", text: "Operation\u001b]0;x\u0007 aborted" }],
        },
        false,
        plain,
      ),
    ).toMatchInlineSnapshot(`"Operation␛]0;x␇ aborted"`);
  });

  it("neutralises control characters in stored details", () => {
    const hostile = {
      ...answered,
      answers: { db: { selected: ["Postgres"], other: "a\u001b[31mb" } },
      unanswered: ["features", "api"],
    };
    expect(render(hostile)).not.toContain("\u001b");
    expect(render(hostile, true)).not.toContain("\u001b");
  });
});

describe("renderResult: a question asked back", () => {
  const askedBack: AskDetails = {
    status: "clarification_requested",
    questions: ask.questions,
    answers: { db: { selected: ["Postgres"] } },
    unanswered: ["features", "api"],
    clarification: { about: "features", question: "What do \u001b[2J Webhooks\ncost?" },
  };

  it("says the user asked back, with the question inert, and the answers given before it", () => {
    expect(render(askedBack)).toMatchInlineSnapshot(`
      "? The user asked back instead of finishing: What do ␛[2J Webhooks␊cost?
      ✓ Database: Postgres
      – Features: no answer
      – API: no answer"
    `);
    const expanded = render(askedBack, true);
    expect(expanded).not.toContain("\u001b");
    expect(expanded).toContain("  What do ␛[2J Webhooks\n  cost?");
  });

  it("keeps a 10 KB question to one short row until expanded", () => {
    const long = { ...askedBack, clarification: { about: "db", question: "Q".repeat(10_240) } };
    const first = render(long).split("\n")[0] ?? "";
    expect(Array.from(first).length).toBeLessThanOrEqual(220);
    expect(render(long, true)).toContain("Q".repeat(10_240));
  });
});

describe("the transcript row says where an answer was given", () => {
  const answered: AskDetails = {
    status: "answered",
    questions: ask.questions,
    answers: { db: { selected: ["SQLite"] } },
    unanswered: ["features", "api"],
  };

  it("names the page, and nothing for Pi's own form", () => {
    const fromPage = resultText(
      { details: { ...answered, answeredIn: "page" }, content: [] },
      false,
      tagged,
    );
    expect(fromPage.split("\n").at(-1)).toBe("<muted>Answered on the answer page.</>");
    const fromForm = resultText(
      { details: { ...answered, answeredIn: "terminal" }, content: [] },
      false,
      plain,
    );
    expect(fromForm).toBe(resultText({ details: answered, content: [] }, false, plain));
  });
});
