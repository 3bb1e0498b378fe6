import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { decisionFor, type NativeDecision } from "../../src/claude-code/native-answer.ts";
import { answered, NATIVE_INPUT } from "./native-fixtures.ts";

/** The texts docs/claude-code.md quotes, as the hook writes them: the page cannot drift. */
const DOC = readFileSync(new URL("../../docs/claude-code.md", import.meta.url), "utf8");
const native = NATIVE_INPUT.questions;
const refusal = (decision: NativeDecision) => (decision.kind === "refuse" ? decision.text : "");

describe("docs/claude-code.md quotes the hook's texts", () => {
  it("the partial answer", () => {
    const partial = decisionFor(
      answered({ q1: { selected: ["Postgres"], comment: "we run it already" } }),
      "page",
      native,
    );
    expect(DOC).toContain(`\`\`\`text\n${refusal(partial)}\n\`\`\``);
  });

  it("the page's cancel", () => {
    const cancel = decisionFor(answered({}, { kind: "cancelled", origin: "user" }), "page", native);
    expect(DOC).toContain(`\`\`\`text\n${refusal(cancel)}\n\`\`\``);
  });

  it("the full answer's notes", () => {
    const full = decisionFor(
      answered({ q1: "SQLite", q2: { selected: ["Auth", "Search"], comment: "keep it small" } }),
      "page",
      native,
    );
    const notes = full.kind === "answer" ? full.updatedInput.annotations : undefined;
    expect(DOC).toContain(
      `"Which database?"="SQLite" notes: ${notes?.["Which database?"]?.notes},`,
    );
    expect(DOC).toContain(`"Auth, Search" notes: ${notes?.["Which features?"]?.notes}.`);
  });
});
