import { describe, expect, it } from "vitest";
import { type AskDetails, detailsFromForm, modelText } from "../../src/core/index.ts";
import { RESHAPE } from "../support/asks.ts";
import { controlIn } from "../support/control-sequences.ts";
import { A, play } from "../support/form.ts";
import { runInProcess } from "../support/in-process-cli.ts";
import { testDir } from "../support/test-dir.ts";
import { PiLog, writeFile } from "../transcripts/builders.ts";

/** A Pi session holding one ask_user call that ended with `details`, read by `askuser log`. */
async function logOf(details: AskDetails, format: string[] = []) {
  const log = new PiLog();
  log.user("Set up the store");
  const call = log.call("ask_user", RESHAPE, "call_1");
  log.result(call, "ask_user", modelText(details), details);
  const root = testDir("askuser-log-");
  const file = writeFile(root, "session.jsonl", log.text());
  const { code, stdout } = await runInProcess(["log", file, ...format], {
    timeoutMs: 30_000,
    env: { HOME: root, TZ: "UTC" },
    stdoutIsTerminal: false,
    cwd: root,
  });
  expect(code).toBe(0);
  return stdout;
}

const switched = detailsFromForm(
  play(RESHAPE, [A.switchType, A.row(0), A.row(1), A.enter, A.save, A.submit, A.submit]),
);
const askedBack = detailsFromForm(
  play(RESHAPE, [A.row(1), A.escEditor, A.askBack, A.type("What does Export\ncost?"), A.save]),
);

describe("askuser log: questions shown as another type, and questions asked back", () => {
  it("says beside the answer that the user switched the question's type", async () => {
    const text = await logOf(switched);
    expect(text).toContain(
      "  Which database?  (DB)\n    shown as multi-select (asked as single-select; the user switched it)\n    ● Postgres\n    ● SQLite",
    );
    const markdown = await logOf(switched, ["--markdown"]);
    expect(markdown).toContain(
      "**Which database?**\n\n*shown as multi-select (asked as single-select; the user switched it).*",
    );
    const json = JSON.parse((await logOf(switched, ["--json"])).trim());
    expect(json.questions[0].presentedType).toEqual({
      requested: "single",
      presented: "multi",
      changedBy: "user",
    });
    expect(json.questions[1].presentedType).toBeNull();
  });

  it("shows the user's question back, with the answers given before it", async () => {
    const text = await logOf(askedBack);
    expect(text).toContain("user chose to talk it over");
    expect(text).toContain("  replied: What does Export\n           cost?");
    expect(text).toContain("● SQLite");
    const json = JSON.parse((await logOf(askedBack, ["--json"])).trim());
    expect(json).toMatchObject({ outcome: "clarify", response: "What does Export\ncost?" });
  });

  it("writes a hostile question back without a raw control byte in every format", async () => {
    const hostile = "\u001b]52;c;aGk=\u0007 \u202eevil \u009b31m\u2028x";
    const details = detailsFromForm(
      play(RESHAPE, [A.row(1), A.escEditor, A.askBack, A.type(hostile), A.save]),
    );
    expect(details.clarification?.question).toBe(hostile);
    for (const format of [[], ["--markdown"], ["--json"]]) {
      const out = await logOf(details, format);
      expect(controlIn(out)).toBeUndefined();
    }
    const json = JSON.parse((await logOf(details, ["--json"])).trim());
    expect(json.response).toBe(hostile);
  });
});
