import { describe, expect, it } from "vitest";
import { cleanupAfterEach } from "../support/cleanup.ts";
import type { Frame, JsonlProcess } from "./helpers/jsonl-process.ts";
import { isSettled, startRpcPi } from "./helpers/pi-modes.ts";
import { askResults, type ScriptStep, textOf } from "./helpers/pi-run.ts";

const DATABASE = {
  question: "Which database should the service use?",
  header: "Database",
  options: [
    { label: "Postgres", description: "Relational, already run by the team." },
    { label: "SQLite" },
  ],
};
const FEATURES = {
  question: "Which features ship first?",
  header: "Features",
  multiSelect: true,
  allowComment: true,
  options: [{ label: "Refunds" }, { label: "Webhooks" }, { label: "Export" }],
};

function askThen(questions: unknown[]): ScriptStep[] {
  return [{ toolCall: { name: "ask_user", arguments: { questions } } }, { text: "Thanks, noted." }];
}

const isDialog = (frame: Frame) =>
  frame.type === "extension_ui_request" && (frame.method === "select" || frame.method === "input");
const cleanup = cleanupAfterEach();
const startRpc = (steps: ScriptStep[]) => startRpcPi(steps, cleanup);

/** Answers dialogs in order: each answer picks the option that starts with it, or types text. */
async function answerDialogs(pi: JsonlProcess, answers: readonly string[]): Promise<Frame[]> {
  const seen: Frame[] = [];
  let from = 0;
  for (const answer of answers) {
    const { frame, index } = await pi.next(isDialog, { from });
    from = index + 1;
    seen.push(frame);
    if (frame.method === "select") {
      const options = frame.options as string[];
      const value = options.find((option) => option.includes(answer));
      if (value === undefined) throw new Error(`no option contains ${answer}: ${options}`);
      pi.send({ type: "extension_ui_response", id: frame.id, value });
    } else {
      pi.send({ type: "extension_ui_response", id: frame.id, value: answer });
    }
  }
  return seen;
}

describe("pi --mode rpc: the dialog fallback", () => {
  it("asks through select and input dialogs, and the model's next request holds the answers", async () => {
    const { pi, sandbox } = startRpc(askThen([DATABASE, FEATURES]));
    pi.send({ id: "r1", type: "prompt", message: "Plan the order service" });
    const dialogs = await answerDialogs(pi, [
      "Postgres",
      "Refunds",
      "Other (type",
      "CSV for finance",
      "Done",
      "ship it this month",
      "Submit",
    ]);
    await pi.next(isSettled);

    expect(dialogs.map((d) => [d.method, d.title])).toMatchInlineSnapshot(`
      [
        [
          "select",
          "Database (1/2): Which database should the service use?",
        ],
        [
          "select",
          "Features (2/2): Which features ship first?
      Pick every option that applies, then choose Done.",
        ],
        [
          "select",
          "Features (2/2): Which features ship first?
      Pick every option that applies, then choose Done.",
        ],
        [
          "input",
          "Features: type your answer to "Which features ship first?"",
        ],
        [
          "select",
          "Features (2/2): Which features ship first?
      Pick every option that applies, then choose Done.",
        ],
        [
          "input",
          "Features: add a note to your answer (optional)",
        ],
        [
          "select",
          "Review your answers:
      Database: Postgres
      Features: Refunds, CSV for finance — ship it this month",
        ],
      ]
    `);
    const [, second] = sandbox.requests();
    const [result] = askResults(second);
    expect(result?.isError).toBe(false);
    expect(textOf(result)).toMatchInlineSnapshot(`
      "The user answered:
      "Which database should the service use?" = "Postgres"
      "Which features ship first?" = "Refunds, CSV for finance — ship it this month""
    `);
  });

  it("an RPC abort while a dialog is open withdraws the question and opens nothing further", async () => {
    const { pi, sandbox } = startRpc(askThen([DATABASE, FEATURES]));
    pi.send({ id: "r1", type: "prompt", message: "Plan the order service" });
    await answerDialogs(pi, ["Postgres"]);
    const open = await pi.next(isDialog, { from: 0 });
    const second = await pi.next((f) => isDialog(f) && f.id !== open.frame.id);
    pi.send({ id: "r2", type: "abort" });
    const end = await pi.next((f) => f.type === "tool_execution_end", { from: second.index });
    const settled = await pi.next(isSettled, { from: end.index });

    const result = end.frame.result as { details: { status: string; origin: string } };
    expect(result.details.status).toBe("cancelled");
    expect(result.details.origin).toBe("turn_abort");
    expect(pi.frames.slice(second.index + 1).filter(isDialog)).toEqual([]);
    expect(sandbox.requests()).toHaveLength(1);

    // The next prompt's request carries the withdrawn question, told as not the user's choice.
    pi.send({ id: "r3", type: "prompt", message: "Carry on" });
    await pi.next(isSettled, { from: settled.index + 1 });
    const [withdrawn] = askResults(sandbox.requests()[1]);
    expect(withdrawn?.isError).toBe(false);
    expect(textOf(withdrawn)).toMatchInlineSnapshot(
      `"The question was withdrawn because the agent's turn was aborted. This was not the user's choice, and any answers given before the abort are not reported. Do not assume an answer."`,
    );
  });
});
