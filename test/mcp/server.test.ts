import { afterEach, describe, expect, it } from "vitest";
import {
  AskInputSchema,
  invalidDetails,
  modelText,
  validateAskInput,
  WAITING_TOOL_DESCRIPTION,
} from "../../src/core/index.ts";
import { DEFAULT_SETTINGS } from "../../src/settings/settings.ts";
import { SINGLE, THREE } from "../support/asks.ts";
import { waitFor } from "../support/wait-for.ts";
import { connect, ERAS, type Harness, neverAnswers } from "./mcp-harness.ts";

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe.each(ERAS)("askuser mcp, %s era", (era) => {
  it("lists ask_user with the core's schema, description and guidelines, and an output schema", async () => {
    harness = await connect({ era });
    const { tools } = await harness.client.listTools();
    expect(tools).toHaveLength(1);
    const tool = tools[0]!;
    expect(tool.name).toBe("ask_user");
    const { waitForAnswer: _field, ...coreFields } = AskInputSchema.properties;
    expect(tool.inputSchema).toMatchObject({
      ...JSON.parse(JSON.stringify(AskInputSchema)),
      properties: JSON.parse(JSON.stringify(coreFields)),
    });
    expect(tool.description).toContain(WAITING_TOOL_DESCRIPTION);
    expect(tool.description).toContain("do not invent the answer");
    expect(tool.outputSchema?.properties).toHaveProperty("status");
  });

  it("says one thing about waitForAnswer: every call here waits, in the description and the field", async () => {
    harness = await connect({ era });
    const tool = (await harness.client.listTools()).tools[0]!;
    const field = (tool.inputSchema.properties as Record<string, { description?: string }>)
      .waitForAnswer;
    for (const text of [tool.description ?? "", field?.description ?? ""]) {
      expect(text).not.toMatch(/returns? at once/);
      expect(text).not.toContain("arrives later");
      expect(text).toContain("every call waits");
    }
  });

  it("answers from an accepted form, with the same text and details as every surface", async () => {
    harness = await connect({
      era,
      onElicit: async () => ({
        action: "accept",
        content: {
          db: "SQLite",
          features: ["Auth", "Export"],
          "features-note": "soon",
          api: "REST",
        },
      }),
    });
    const result = await harness.call(THREE);
    const details = result.structuredContent as never;
    expect(result.isError).toBeFalsy();
    expect(result.content[0]?.text).toBe(modelText(details));
    expect(details).toMatchObject({
      status: "answered",
      answers: {
        db: { selected: ["SQLite"] },
        features: { selected: ["Auth", "Export"], comment: "soon" },
        api: { selected: ["REST"] },
      },
    });
    expect(harness.elicitations).toHaveLength(1);
  });

  it("carries the model text in structuredContent too, since Claude Code shows the model only that", async () => {
    harness = await connect({ era, onElicit: async () => ({ action: "decline" }) });
    const result = await harness.call(SINGLE);
    expect(result.structuredContent?.text).toBe(result.content[0]?.text);
    expect(result.structuredContent?.text).toContain("reported that the form was declined");
  });

  it("reports empty fields of an accepted form as unanswered", async () => {
    harness = await connect({
      era,
      onElicit: async () => ({ action: "accept", content: { db: "Postgres" } }),
    });
    const result = await harness.call(THREE);
    expect(result.structuredContent).toMatchObject({
      status: "answered",
      unanswered: ["features", "api"],
    });
    expect(result.content[0]?.text).toContain("left some questions unanswered");
  });

  it.each(["decline", "cancel"] as const)(
    "reports %s as cancelled by the user, saying who reported it",
    async (action) => {
      harness = await connect({
        era,
        clientName: "claude-code",
        onElicit: async () => ({ action }),
      });
      const result = await harness.call(SINGLE);
      expect(result.structuredContent).toMatchObject({ status: "cancelled", origin: "user" });
      expect(result.content[0]?.text).toContain(
        "The user cancelled the question without answering",
      );
      expect(result.content[0]?.text).toContain(
        `(claude-code reported that the form was ${action === "decline" ? "declined" : "dismissed"}; askuser cannot see whether it was shown to the user.)`,
      );
    },
  );

  it.each(["decline", "cancel"] as const)(
    "a %s before anyone could read the form (claude -p) is not the user's: the form failed to ask",
    async (action) => {
      harness = await connect({
        era,
        clientName: "claude-code",
        readingMs: 75,
        onElicit: async () => ({ action }),
      });
      // The 2026-07-28 revision's retry carries no time: the signed state holds when the form went.
      const result = await harness.call(SINGLE);
      expect(result.structuredContent).toMatchObject({
        status: "cancelled",
        origin: "ui_failure",
        reportedBy: "client",
      });
      const text = result.content[0]?.text ?? "";
      expect(text).not.toContain("The user cancelled");
      expect(text).not.toContain("ask the user how they want to proceed");
      expect(text).toMatch(
        new RegExp(
          `\\(claude-code reported that the form was ${action === "decline" ? "declined" : "dismissed"} \\d+ ms after it was sent, before anyone could have read it: no person chose this`,
        ),
      );
    },
  );

  it("gives a huge answer once in what Claude Code shows the model (structuredContent), and once in the text", async () => {
    const huge = `${"lorem ipsum ".repeat(10_000)}END`;
    harness = await connect({
      era,
      onElicit: async () => ({ action: "accept", content: { q1: "SQLite", "q1-note": huge } }),
    });
    const result = await harness.call({
      questions: [
        {
          header: "DB",
          question: "Which database?",
          allowComment: true,
          options: [{ label: "Postgres" }, { label: "SQLite" }],
        },
      ],
    });
    const count = (text: string) => text.split(huge).length - 1;
    expect(count(JSON.stringify(result.structuredContent))).toBe(1);
    expect(count(result.content[0]?.text ?? "")).toBe(1);
    const structured = result.structuredContent as { text: string; answers: unknown };
    expect(structured.answers).toEqual({ q1: { selected: ["SQLite"], comment: huge } });
    expect(structured.text).toContain("the whole text is in answers.q1.comment");
  });

  it("returns the validation text as a tool error, and asks nothing", async () => {
    harness = await connect({ era, onElicit: neverAnswers });
    const bad = { questions: [{ question: "A?", options: [{ label: "Other" }, { label: "B" }] }] };
    const result = await harness.call(bad);
    const validation = validateAskInput(bad);
    if (validation.ok) throw new Error("expected invalid");
    expect(result.isError).toBe(true);
    expect(result.content[0]?.text).toBe(modelText(invalidDetails(validation.issues)));
    expect(harness.elicitations).toHaveLength(0);
  });

  it("is unavailable at once when the client shows no forms and the page is off", async () => {
    harness = await connect({ era });
    const started = Date.now();
    const result = await harness.call(SINGLE);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({
      status: "unavailable",
      reason: "non_interactive",
    });
    // The user may well be there: it is the client that shows no forms, and the model can tell
    // them how to answer next time.
    const text = result.content[0]?.text ?? "";
    expect(text).toMatchInlineSnapshot(
      `"Nothing was asked: the MCP client (test-client) shows no forms, and askuser's answer page is off, so the user could not see the question. Decide on your best judgement and state the decision and your reasoning in your reply. The user can answer such questions in a browser after setting "remote": true in askuser's settings file (askuser settings shows where); do not call ask_user again unless they say they did."`,
    );
    expect((result.structuredContent as { text?: string }).text).toBe(text);
  });

  it("shows the form again when an answer cannot stand, filled in as the user left it", async () => {
    const replies = [
      { action: "accept", content: { q1: "SQLite", "q1-other": "Redis" } },
      { action: "accept", content: { "q1-other": "Redis" } },
    ];
    harness = await connect({ era, onElicit: async () => replies.shift() ?? { action: "cancel" } });
    const result = await harness.call(SINGLE);
    expect(harness.elicitations).toHaveLength(2);
    expect(harness.elicitations[1]?.message).toContain("not both");
    expect(harness.elicitations[1]?.requestedSchema.properties["q1-other"]).toMatchObject({
      default: "Redis",
    });
    expect(result.structuredContent).toMatchObject({
      status: "answered",
      answers: { q1: { selected: [], other: "Redis" } },
    });
  });

  it("keeps the answers that stood when the form keeps coming back with one that cannot", async () => {
    harness = await connect({
      era,
      onElicit: async () => ({
        action: "accept",
        content: { db: "SQLite", "db-other": "Redis", features: ["Auth"], api: "REST" },
      }),
    });
    const result = await harness.call(THREE);
    expect(harness.elicitations).toHaveLength(3);
    expect(result.structuredContent).toMatchObject({
      status: "cancelled",
      origin: "ui_failure",
      answers: { features: { selected: ["Auth"] }, api: { selected: ["REST"] } },
      unanswered: ["db"],
    });
    expect(result.content[0]?.text).toContain('"Which API style?" = "REST"');
  });

  it("never guesses an answer from content no form could produce", async () => {
    harness = await connect({
      era,
      onElicit: async () => ({ action: "accept", content: { q1: "MySQL" } }),
    });
    const result = await harness.call(SINGLE);
    expect(result.structuredContent).toMatchObject({
      status: "cancelled",
      origin: "ui_failure",
      answers: {},
    });
    // The 2025-era SDK checks the reply against the form's schema itself; the 2026 era leaves it
    // to the core. Either way the reason is on standard error and nothing is taken for an answer.
    expect(harness.stderr.join("\n")).toMatch(/names no option|does not match requested schema/);
  });

  it("sends Codex a checkbox per option instead of a multi-select, and reads the ticks back", async () => {
    harness = await connect({
      era,
      clientName: "codex-mcp-client",
      onElicit: async () => ({
        action: "accept",
        content: { "features-1": true, "features-3": true },
      }),
    });
    const result = await harness.call(THREE);
    const fields = harness.elicitations[0]?.requestedSchema.properties ?? {};
    expect(Object.values(fields).map((field) => field.type)).not.toContain("array");
    expect(fields["features-2"]).toMatchObject({ type: "boolean", title: "Features: Search" });
    expect(result.structuredContent).toMatchObject({
      answers: { features: { selected: ["Auth", "Export"] } },
    });
  });

  it("answers several concurrent asks, each with its own form", async () => {
    harness = await connect({
      era,
      onElicit: async (params) => ({
        action: "accept",
        content: { q1: params.message.startsWith("Which database?") ? "SQLite" : "B" },
      }),
    });
    const other = {
      questions: [{ question: "A or B?", options: [{ label: "A" }, { label: "B" }] }],
    };
    const [first, second] = await Promise.all([harness.call(SINGLE), harness.call(other)]);
    expect(first.structuredContent).toMatchObject({ answers: { q1: { selected: ["SQLite"] } } });
    expect(second.structuredContent).toMatchObject({ answers: { q1: { selected: ["B"] } } });
  });
});

describe("askuser mcp: notifications", () => {
  it("says once that the terminal channels cannot run under an MCP client", async () => {
    harness = await connect({
      era: "legacy",
      onElicit: async () => ({ action: "cancel" }),
      settings: { notifications: { ...DEFAULT_SETTINGS.notifications, bell: true } },
    });
    await harness.call(SINGLE);
    await harness.call(SINGLE);
    expect(harness.stderr.filter((line) => line.includes("need a terminal"))).toHaveLength(1);
  });
});

describe("askuser mcp, 2025 era: time and cancellation", () => {
  it("withdraws the form when the client cancels the call", async () => {
    harness = await connect({ era: "legacy", onElicit: neverAnswers });
    const controller = new AbortController();
    const call = harness.call(SINGLE, { signal: controller.signal });
    await waitFor("the form", harness.changes, () => harness?.elicitations.length === 1);
    controller.abort();
    await expect(call).rejects.toThrow();
    await waitFor("the form withdrawn", harness.changes, () => harness?.withdrawn.length === 1);
  });

  it("withdraws the form when the client's own timeout ends the call", async () => {
    harness = await connect({ era: "legacy", onElicit: neverAnswers });
    await expect(harness.call(SINGLE, { timeout: 300 })).rejects.toThrow(/timed out/i);
    await waitFor("the form withdrawn", harness.changes, () => harness?.withdrawn.length === 1);
  });

  it("ends as timed_out after the idle timeout, and withdraws the form", async () => {
    harness = await connect({
      era: "legacy",
      onElicit: neverAnswers,
      settings: { idleTimeoutMinutes: 0.003 },
    });
    const result = await harness.call(SINGLE);
    expect(result.structuredContent).toMatchObject({ status: "timed_out", unanswered: ["q1"] });
    expect(result.content[0]?.text).toContain("did not answer in time");
    await waitFor("the form withdrawn", harness.changes, () => harness?.withdrawn.length === 1);
  });
});
