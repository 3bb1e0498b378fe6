import { describe, expect, it } from "vitest";
import { HOSTILE_STRINGS } from "../../scripts/hostile-strings.ts";
import { validateAskInput } from "../../src/core/index.ts";
import { REPLACED_FOR_DISPLAY_CLASS } from "../../src/core/text-safety.ts";
import { readFormReply } from "../../src/mcp/form-answers.ts";
import { dialectFor } from "../../src/mcp/form-dialect.ts";
import { elicitationForm } from "../../src/mcp/form-schema.ts";
import { askOf } from "../support/asks.ts";
import { wrappedAsClaudeCode } from "./claude-code-view.ts";

const ASK = askOf({
  questions: [
    {
      id: "db",
      header: "DB",
      question: "Which database?",
      context: "The service stores orders.",
      options: [
        {
          label: "Postgres",
          description: "mature",
          preview: "CREATE TABLE orders (\n  id serial\n);",
        },
        { label: "SQLite" },
      ],
    },
    {
      id: "features",
      header: "Features",
      question: "Which features?",
      multiSelect: true,
      allowComment: true,
      options: [{ label: "Auth" }, { label: "Search" }],
    },
  ],
});

describe("dialectFor", () => {
  it.each([
    ["codex-mcp-client", "codex"],
    ["Codex CLI", "codex"],
    ["cursor-vscode", "cursor"],
    ["claude-code", "claude-code"],
    ["claude-ai", "generic"],
    [undefined, "generic"],
  ] as const)("%s → %s", (name, dialect) => {
    expect(dialectFor(name)).toBe(dialect);
  });

  it.each(["claude-code", "codex-mcp-client", "cursor-vscode"])(
    "%s on 2025-06-18 → flat: that revision has no titled or multi-select fields",
    (name) => {
      expect(dialectFor(name, "2025-06-18")).toBe("flat");
      expect(dialectFor(name, "2025-11-25")).toBe(dialectFor(name));
    },
  );
});

describe("the 2025-06-18 form", () => {
  it("uses only that revision's fields: enum strings with enumNames, booleans, text", () => {
    const form = elicitationForm(ASK, "flat");
    for (const field of Object.values(form.requestedSchema.properties)) {
      expect(["string", "boolean"]).toContain(field.type);
      expect(field).not.toHaveProperty("oneOf");
      expect(field).not.toHaveProperty("items");
    }
    expect(form.requestedSchema.properties.db).toMatchObject({
      enum: ["Postgres", "SQLite"],
      enumNames: ["Postgres — mature", "SQLite"],
    });
    const reading = readFormReply(ASK, "flat", {
      action: "accept",
      content: { db: "SQLite", "features-1": false, "features-2": true },
    });
    expect(reading.kind === "ended" && reading.details.answers).toEqual({
      db: { selected: ["SQLite"] },
      features: { selected: ["Search"] },
    });
  });
});

describe("elicitationForm", () => {
  it("generic: titled single-select, titled multi-select, Other and note fields; details in the message", () => {
    const form = elicitationForm(ASK, "generic");
    expect(form.requestedSchema.properties).toMatchInlineSnapshot(`
      {
        "db": {
          "description": "Which database? — The service stores orders.",
          "oneOf": [
            {
              "const": "Postgres",
              "title": "Postgres — mature",
            },
            {
              "const": "SQLite",
              "title": "SQLite",
            },
          ],
          "title": "DB",
          "type": "string",
        },
        "db-other": {
          "description": "Your own answer instead of one of the options (optional)",
          "title": "DB: Other",
          "type": "string",
        },
        "features": {
          "description": "Which features? (choose any number)",
          "items": {
            "anyOf": [
              {
                "const": "Auth",
                "title": "Auth",
              },
              {
                "const": "Search",
                "title": "Search",
              },
            ],
          },
          "title": "Features",
          "type": "array",
        },
        "features-note": {
          "description": "A note to go with your answer (optional)",
          "title": "Features: Note",
          "type": "string",
        },
        "features-other": {
          "description": "Your own answer, in addition to the options you chose (optional)",
          "title": "Features: Other",
          "type": "string",
        },
      }
    `);
    expect(form.message).toMatchInlineSnapshot(`
      "2 questions: DB, Features. Leave a question empty to leave it unanswered; your own answer goes under its Other.

      DB: Which database?
      The service stores orders.
      - Postgres: mature
          CREATE TABLE orders (
            id serial
          );
      - SQLite

      Features: Which features?
      - Auth
      - Search"
    `);
  });

  it("claude-code: one paragraph, no line break, of what is asked, how to leave it empty and the page", () => {
    const paged = elicitationForm(ASK, "claude-code", { pageUrl: "http://127.0.0.1:4242/?code=c" });
    expect(paged.message).toMatchInlineSnapshot(
      `"2 questions: DB, Features. Leave a question empty to leave it unanswered; your own answer goes under its Other. Or answer on the page, which shows the previews: http://127.0.0.1:4242/?code=c"`,
    );
    expect(elicitationForm(ASK, "claude-code").message).toMatchInlineSnapshot(
      `"2 questions: DB, Features. Leave a question empty to leave it unanswered; your own answer goes under its Other. (Some options have previews this form cannot show.)"`,
    );
    const single = askOf({
      questions: [
        {
          header: "DB",
          question: `Which database${" really".repeat(40)}?`,
          options: [{ label: "Postgres" }, { label: "SQLite" }],
        },
      ],
    });
    const shown = wrappedAsClaudeCode(elicitationForm(single, "claude-code").message, 80);
    expect(shown.slice(0, 3).join(" ")).toContain("Leave it empty to leave it unanswered");
  });

  it("codex: a checkbox per option instead of a multi-select", () => {
    const { properties } = elicitationForm(ASK, "codex").requestedSchema;
    expect(Object.keys(properties)).toEqual([
      "db",
      "db-other",
      "features-1",
      "features-2",
      "features-other",
      "features-note",
    ]);
    expect(properties["features-1"]).toMatchObject({
      type: "boolean",
      title: "Features: Auth",
      default: false,
    });
    expect(Object.values(properties).some((field) => field.type === "array")).toBe(false);
  });

  it("cursor: plain enums, never titled oneOf", () => {
    const { properties } = elicitationForm(ASK, "cursor").requestedSchema;
    expect(properties.db).toMatchObject({ type: "string", enum: ["Postgres", "SQLite"] });
    expect(properties.features).toMatchObject({
      type: "array",
      items: { type: "string", enum: ["Auth", "Search"] },
    });
    expect(JSON.stringify(properties)).not.toContain("oneOf");
  });

  it("fills a form shown again only with defaults that name real options", () => {
    const { properties } = elicitationForm(ASK, "generic", {
      notice: "Change it.",
      defaults: { db: "MySQL", "db-other": "Redis" },
    }).requestedSchema;
    expect(properties.db).not.toHaveProperty("default");
    expect(properties["db-other"]).toMatchObject({ default: "Redis" });
  });
});

describe("readFormReply", () => {
  it.each([
    [
      "ticked checkboxes (codex)",
      "codex",
      { "features-2": true, "features-1": false },
      { features: { selected: ["Search"] } },
    ],
    [
      "a multi-select with Other",
      "generic",
      { features: ["Auth"], "features-other": "SSO" },
      { features: { selected: ["Auth"], other: "SSO" } },
    ],
    [
      "blank text is an empty field",
      "generic",
      { db: "SQLite", "db-other": "  " },
      { db: { selected: ["SQLite"] } },
    ],
  ] as const)("%s", (_name, dialect, content, answers) => {
    const reading = readFormReply(ASK, dialect, { action: "accept", content });
    expect(reading.kind).toBe("ended");
    if (reading.kind === "ended") expect(reading.details.answers).toEqual(answers);
  });

  it.each([
    ["an option and Other on a single-select", { db: "SQLite", "db-other": "Redis" }, "not both"],
    ["a note without an answer", { "features-note": "later" }, "a note needs an answer"],
  ])("asks again for %s", (_name, content, notice) => {
    const reading = readFormReply(ASK, "generic", { action: "accept", content });
    expect(reading.kind).toBe("reask");
    if (reading.kind === "reask") expect(reading.notice).toContain(notice);
  });

  it("says what to change first, within the three lines Claude Code shows at 80 columns", () => {
    const wide = askOf({
      questions: [
        {
          id: "db",
          header: "Database1234",
          question: "Which database?",
          options: [{ label: "Postgres" }, { label: "SQLite" }],
        },
        {
          id: "api",
          header: "Interface123",
          question: "Which API?",
          allowComment: true,
          options: [{ label: "REST" }, { label: "gRPC" }],
        },
      ],
    });
    const reading = readFormReply(wide, "claude-code", {
      action: "accept",
      content: { db: "SQLite", "db-other": "Redis", "api-note": "later" },
    });
    expect(reading.kind).toBe("reask");
    if (reading.kind !== "reask") return;
    const { message } = elicitationForm(wide, "claude-code", { notice: reading.notice });
    const shown = wrappedAsClaudeCode(message, 80).slice(0, 3).join(" ");
    expect(shown).toContain(
      "Database1234: choose an option or write your own under Other, not both",
    );
    expect(shown).toContain("Interface123: a note needs an answer");
  });

  it.each([
    ["an unknown action", { action: "ok" }],
    ["content that is not an object", { action: "accept", content: ["SQLite"] }],
    ["a value of the wrong type", { action: "accept", content: { db: 3 } }],
    ["a checkbox that is not a boolean", { action: "accept", content: { "features-1": "yes" } }],
    ["content: null", { action: "accept", content: null }],
    ["no content at all", { action: "accept" }],
    ["content with only unknown keys", { action: "accept", content: { database: "SQLite" } }],
  ])("never takes %s for an answer", (_name, reply) => {
    const dialect =
      "features-1" in ((reply as { content?: object }).content ?? {}) ? "codex" : "generic";
    expect(readFormReply(ASK, dialect, reply).kind).toBe("broken");
  });
});

describe("hostile text reaching a client's form", () => {
  const unsafe = new RegExp(`[${REPLACED_FOR_DISPLAY_CLASS}]`, "u");
  const unsafeButLines = new RegExp(
    `[${REPLACED_FOR_DISPLAY_CLASS.replace("\\u0000-\\u001f", "\\u0000-\\u0008\\u000b-\\u001f")}]`,
    "u",
  );

  it.each(
    HOSTILE_STRINGS.filter((hostile) => !hostile.notText && !hostile.hidesText).map(
      (hostile) => [hostile.name, hostile] as const,
    ),
  )(
    "%s: no field, title, option or one-paragraph message carries a character that acts on or hides from a terminal",
    (_name, hostile) => {
      const oneLine = hostile.breaksOneLine ? "plain" : hostile.text;
      const clip = (text: string, max: number) => [...text].slice(0, max).join("");
      const input = {
        questions: [
          {
            header: clip(`H${oneLine}`, 12),
            question: clip(`Which ${oneLine}?`, 1000),
            context: clip(`Context ${hostile.text}`, 500),
            allowComment: true,
            options: [
              {
                label: clip(`A ${oneLine}`, 60),
                description: clip(`about ${oneLine}`, 300),
                preview: clip(`code ${hostile.text}`, 4000),
              },
              { label: "B" },
            ],
          },
          {
            header: "Multi",
            question: clip(`Pick ${oneLine}`, 1000),
            multiSelect: true,
            options: [{ label: clip(`C ${oneLine}`, 60) }, { label: "D" }],
          },
        ],
      };
      const validation = validateAskInput(input);
      if (!validation.ok) throw new Error(JSON.stringify(validation.issues[0]));
      for (const dialect of ["generic", "claude-code", "codex", "cursor", "flat"] as const) {
        const form = elicitationForm(validation.ask, dialect, {
          pageUrl: `http://127.0.0.1:1/?code=${hostile.text}`,
        });
        const shown = Object.values(form.requestedSchema.properties).flatMap((field) => [
          field.title,
          field.description ?? "",
          ...("oneOf" in field ? (field.oneOf ?? []).map((option) => option.title) : []),
          ...("enumNames" in field ? (field.enumNames ?? []) : []),
          ...("items" in field && "anyOf" in field.items
            ? field.items.anyOf.map((option) => option.title)
            : []),
        ]);
        for (const text of shown)
          expect(text, `${dialect}: ${JSON.stringify(text)}`).not.toMatch(unsafe);
        const [lead = "", ...details] = form.message.split("\n\n");
        expect(lead, `${dialect}: the lead`).not.toMatch(unsafe);
        for (const block of details)
          expect(block, `${dialect}: the details`).not.toMatch(unsafeButLines);
      }
    },
  );
});
