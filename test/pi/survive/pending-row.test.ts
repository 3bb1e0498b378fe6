import type { Component } from "@earendil-works/pi-tui";
import { describe, expect, it } from "vitest";
import { IDENTITY_THEME } from "../helpers/in-process-pi.ts";
import { KEYS, type PiWorld, ScriptedModel } from "../helpers/survive-pi.ts";
import { DATABASE, worldsCleanedUpAfterEach } from "./fixtures.ts";

const NO_WAIT = { questions: [DATABASE], waitForAnswer: false };

const { world } = worldsCleanedUpAfterEach();

/** Draws the ask_user result row of call_1 as Pi's transcript does, counting redraw requests. */
function resultsOf(w: PiWorld) {
  return w
    .branch()
    .flatMap((entry) =>
      entry.type === "message" && entry.message.role === "toolResult" ? [entry.message] : [],
    );
}

function drawRow(w: PiWorld, index = 0) {
  const tool = w.runtime.session.extensionRunner.getToolDefinition("ask_user");
  const result = resultsOf(w)[index];
  if (!tool?.renderResult || !result) throw new Error("no ask_user tool or result");
  let redraws = 0;
  let last: Component | undefined;
  const draw = (): string => {
    last = tool.renderResult?.(
      { content: result.content, details: result.details },
      { expanded: false, isPartial: false },
      IDENTITY_THEME as never,
      {
        toolCallId: result.toolCallId,
        lastComponent: last,
        invalidate: () => {
          redraws++;
        },
      } as never,
    );
    return last?.render(200).join("\n").trim() ?? "";
  };
  return { draw, redraws: () => redraws };
}

describe("the transcript row of an ask that did not wait", () => {
  it("says the answer will arrive while it waits, and that it was sent once it is; the row is redrawn then", async () => {
    const w = await world({
      model: new ScriptedModel().askUser(NO_WAIT).text("Working.").text("Postgres it is."),
    });
    await w.runtime.session.prompt("Plan the order service");
    const row = drawRow(w);
    expect(row.draw()).toBe("⋯ Asked without waiting: the answer will arrive as a message");

    const answering = w.command("/answer");
    (await w.ui.nextForm()).handleInput(KEYS.enter);
    await answering;
    await w.runtime.session.waitForIdle();

    expect(row.redraws()).toBe(1);
    expect(row.draw()).toBe(
      "⋯ Asked without waiting: answered later, sent to the agent as a message",
    );
  });

  it("a later ask under a tool call id the model reuses is waiting, whatever the earlier one did", async () => {
    const w = await world({
      model: new ScriptedModel()
        .askUser(NO_WAIT)
        .text("Working.")
        .askUser(NO_WAIT)
        .text("Asked again."),
    });
    await w.runtime.session.prompt("Plan the order service");
    await w.command("/answer skip");
    await w.runtime.session.prompt("Ask me again");
    const rows = resultsOf(w);
    expect(rows.map((r) => r.toolCallId)).toEqual(["call_1", "call_1"]);
    expect(drawRow(w, 1).draw()).toBe(
      "⋯ Asked without waiting: the answer will arrive as a message",
    );
  });

  it("a skipped ask's row says it ended without an answer", async () => {
    const w = await world({ model: new ScriptedModel().askUser(NO_WAIT).text("Working.") });
    await w.runtime.session.prompt("Plan the order service");
    const row = drawRow(w);
    row.draw();
    await w.command("/answer skip");
    expect(row.draw()).toBe("⋯ Asked without waiting: it ended without an answer");
  });
});
