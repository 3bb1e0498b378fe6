import { describe, expect, it } from "vitest";
import { cleanupAfterEach } from "../support/cleanup.ts";
import { DATABASE } from "./fixtures/questions.ts";
import { isSettled, startRpcPi } from "./helpers/pi-modes.ts";
import { textOf } from "./helpers/pi-run.ts";

const cleanup = cleanupAfterEach();

describe("pi --mode rpc: an ask that does not wait", () => {
  it("returns at once, shows the widget line, and /answer asks through the dialogs", async () => {
    const { pi, sandbox } = startRpcPi(
      [
        {
          toolCall: {
            name: "ask_user",
            arguments: { questions: [DATABASE], waitForAnswer: false },
          },
        },
        { text: "Working on the schema meanwhile." },
        { text: "SQLite noted." },
      ],
      cleanup,
    );

    pi.send({ id: "r1", type: "prompt", message: "Plan the order service" });
    const first = await pi.next(isSettled);
    const widget = await pi.next(
      (f) => f.type === "extension_ui_request" && f.method === "setWidget",
    );
    expect(widget.frame).toMatchObject({
      widgetKey: "askuser-pending",
      widgetLines: ["? 1 question waits for your answer: type /answer"],
    });
    expect(sandbox.requests()).toHaveLength(2);

    pi.send({ id: "r2", type: "prompt", message: "/answer" });
    const dialog = await pi.next(
      (f) => f.type === "extension_ui_request" && f.method === "select",
      {
        from: first.index,
      },
    );
    expect(dialog.frame.title).toBe("Database: Which database should the service use?");
    const options = dialog.frame.options as string[];
    pi.send({
      type: "extension_ui_response",
      id: dialog.frame.id,
      value: options.find((option) => option.includes("SQLite")),
    });
    await pi.next(isSettled, { from: dialog.index });

    const requests = sandbox.requests();
    expect(requests).toHaveLength(3);
    const users = (requests[2]?.messages ?? []).filter((message) => message.role === "user");
    expect(textOf(users.at(-1))).toMatchInlineSnapshot(`
      "[ask_user] Answer to your question "Which database should the service use?", which you asked without waiting for the answer:
      The user answered:
      "Which database should the service use?" = "SQLite""
    `);
    const cleared = pi.frames.filter(
      (f) => f.type === "extension_ui_request" && f.method === "setWidget",
    );
    expect(cleared.at(-1)?.widgetLines).toBeUndefined();
  });
});
