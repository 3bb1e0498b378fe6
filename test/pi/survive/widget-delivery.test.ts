import { describe, expect, it } from "vitest";
import { AnswerDelivery } from "../../../src/pi/survive/delivery.ts";
import { keyLabel, pendingWidgetLines } from "../../../src/pi/survive/widget.ts";
import { askOf, SINGLE, THREE } from "../../support/asks.ts";

describe("the pending widget", () => {
  it.each([
    [[SINGLE], "alt+a", "? 1 question waits for your answer: press Alt+A or type /answer"],
    [[THREE], "alt+a", "? 3 questions wait for your answer: press Alt+A or type /answer"],
    [
      [SINGLE, THREE],
      "ctrl+shift+q",
      "? 4 questions wait for your answer (2 asks): press Ctrl+Shift+Q or type /answer",
    ],
    [[SINGLE], undefined, "? 1 question waits for your answer: type /answer"],
  ])("%#: %s", (inputs, shortcut, line) => {
    expect(
      pendingWidgetLines(
        inputs.map((input) => askOf(input)),
        shortcut,
      ),
    ).toEqual([line]);
  });

  it("disappears when nothing waits", () => {
    expect(pendingWidgetLines([], "alt+a")).toBeUndefined();
    expect(keyLabel("alt+a")).toBe("Alt+A");
  });
});

/** A fake Pi: `send` while idle starts a run, but only a few microtasks later, as in Pi. */
function fakePi() {
  const sent: { text: string; deliverAs: string; whileRunning: boolean }[] = [];
  let running = false;
  let startFailures = 0;
  const delivery = new AnswerDelivery({
    isIdle: () => !running,
    send: (text, deliverAs) => {
      if (!running && startFailures > 0) {
        startFailures -= 1;
        sent.push({ text, deliverAs, whileRunning: false });
        return;
      }
      sent.push({ text, deliverAs, whileRunning: running });
      if (!running) {
        queueMicrotask(() => {
          running = true;
          delivery.runStarted();
        });
      }
    },
  });
  return {
    delivery,
    sent,
    finishRun: () => {
      running = false;
    },
    failNextStart: () => {
      startFailures += 1;
    },
  };
}

describe("AnswerDelivery", () => {
  it("idle: a follow-up that starts a turn; busy: steered into the run", async () => {
    const pi = fakePi();
    pi.delivery.deliver("a");
    await Promise.resolve();
    pi.delivery.deliver("b");
    expect(pi.sent).toEqual([
      { text: "a", deliverAs: "followUp", whileRunning: false },
      { text: "b", deliverAs: "steer", whileRunning: true },
    ]);
  });

  it("two answers in the same moment while idle never try to start two runs", async () => {
    const pi = fakePi();
    pi.delivery.deliver("a");
    pi.delivery.deliver("b");
    pi.delivery.deliver("c");
    expect(pi.delivery.held).toBe(2);
    await Promise.resolve();
    expect(pi.sent.map((s) => [s.text, s.deliverAs, s.whileRunning])).toEqual([
      ["a", "followUp", false],
      ["b", "steer", true],
      ["c", "steer", true],
    ]);
  });

  it("a run that fails to start keeps later answers until the next run starts", () => {
    const pi = fakePi();
    pi.failNextStart();
    pi.delivery.deliver("a");
    pi.delivery.deliver("b");
    expect(pi.sent.map((s) => s.text)).toEqual(["a"]);
    pi.finishRun();
    pi.delivery.runStarted();
    expect(pi.sent.map((s) => s.text)).toEqual(["a", "b"]);
  });
});
