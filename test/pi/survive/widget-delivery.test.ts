import { describe, expect, it } from "vitest";
import { AnswerDelivery, type OweReason } from "../../../src/pi/survive/delivery.ts";
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
  let whyNoRun: string | undefined;
  /** Entries the session's current branch does not hold. */
  const offBranch = new Set<string>();
  const delivery = new AnswerDelivery({
    isIdle: () => !running,
    whyNoRun: () => whyNoRun,
    onBranch: (entryId) => !offBranch.has(entryId),
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
    /** A run the user's prompt started (`before_agent_start`, then `agent_start`). */
    userRun: (prompt: string) => {
      running = true;
      delivery.runStarting(prompt);
      delivery.runStarted();
    },
    loseModel: (why: string | undefined) => {
      whyNoRun = why;
    },
    offBranch,
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

  it("no run can start (no API key): the answer is owed with the reason, not handed to Pi, and goes with the next run", () => {
    const pi = fakePi();
    const record = recorder();
    pi.loseModel("p/m has no API key set up");
    pi.delivery.deliver("a", record);
    expect(pi.sent).toEqual([]);
    expect(record.events).toEqual(["owe p/m has no API key set up"]);
    expect(pi.delivery.owed).toBe(1);
    // A second answer is not held behind a run that never started.
    pi.delivery.deliver("b");
    expect(pi.delivery.held).toBe(0);
    pi.loseModel(undefined);
    pi.userRun("go on");
    expect(pi.sent.map((s) => [s.text, s.deliverAs])).toEqual([
      ["a", "steer"],
      ["b", "steer"],
    ]);
    expect(record.events).toEqual(["owe p/m has no API key set up"]);
  });

  it("a run Pi did not start: once another prompt's run settles without it, it is owed and goes with the next run", () => {
    const pi = fakePi();
    const record = recorder();
    pi.failNextStart();
    pi.delivery.deliver("a", record);
    pi.delivery.deliver("b");
    pi.userRun("my own prompt");
    expect(pi.sent.map((s) => s.text)).toEqual(["a", "b"]);
    pi.finishRun();
    pi.delivery.settled(false, (text) => text === "b");
    expect(record.events).toEqual(["owe refused"]);
    pi.userRun("next");
    expect(pi.sent.map((s) => [s.text, s.deliverAs])).toEqual([
      ["a", "followUp"],
      ["b", "steer"],
      ["a", "steer"],
    ]);
  });

  it("the run an answer started is its own: it is not owed when the run settles", () => {
    const pi = fakePi();
    const record = recorder();
    pi.delivery.deliver("a", record);
    pi.delivery.runStarting("a");
    pi.finishRun();
    pi.delivery.settled(false, () => false);
    expect(record.events).toEqual(["delivered"]);
  });

  it("an owed answer can be withdrawn before it goes; one handed to Pi cannot", () => {
    const pi = fakePi();
    const [a, b] = [recorder(), recorder()];
    pi.loseModel("no model");
    pi.delivery.deliver("a", a);
    expect(pi.delivery.keeps(a)).toBe(true);
    expect(pi.delivery.withdraw(a)).toBe(true);
    expect(pi.delivery.keeps(a)).toBe(false);
    pi.loseModel(undefined);
    pi.delivery.deliver("b", b);
    expect(pi.delivery.withdraw(b)).toBe(false);
    pi.userRun("go on");
    expect(pi.sent.map((s) => s.text)).toEqual(["b"]);
  });

  it("withdrawing one of two owed answers with the same text (the same questions answered alike on two branches) keeps the other", () => {
    const pi = fakePi();
    const [first, second] = [recorder(), recorder()];
    pi.loseModel("no model");
    pi.delivery.deliver("SAME", first, "branch-a");
    pi.delivery.deliver("SAME", second, "branch-b");
    expect(pi.delivery.withdraw(second)).toBe(true);
    expect(pi.delivery.keeps(first)).toBe(true);
    expect(pi.delivery.keeps(second)).toBe(false);
    pi.loseModel(undefined);
    pi.offBranch.add("branch-b");
    pi.userRun("go on");
    expect(pi.sent.map((s) => s.text)).toEqual(["SAME"]);
    expect(first.events).toEqual(["owe no model"]);
  });

  it("an owed answer waits while its branch is not the current one, and goes with the first run back there", () => {
    const pi = fakePi();
    const record = recorder();
    pi.loseModel("no model");
    pi.delivery.deliver("ANSWER", record, "question-entry");
    pi.loseModel(undefined);
    pi.offBranch.add("question-entry");
    pi.userRun("a prompt that quotes the ANSWER");
    pi.finishRun();
    expect(pi.sent).toEqual([]);
    expect(record.events).toEqual(["owe no model"]);
    expect(pi.delivery.keeps(record)).toBe(true);

    pi.offBranch.delete("question-entry");
    pi.userRun("back on its branch");
    expect(pi.sent.map((s) => [s.text, s.deliverAs])).toEqual([["ANSWER", "steer"]]);
    expect(record.events).toEqual(["owe no model"]);
  });

  it("an answer kept by an earlier instance is owed without a new owe, and goes with the next run once", () => {
    const pi = fakePi();
    const record = recorder();
    pi.delivery.keep("ANSWER", record, "question-entry");
    expect(pi.delivery.keeps(record)).toBe(true);
    expect(record.events).toEqual([]);
    pi.userRun("go on");
    pi.finishRun();
    pi.delivery.settled(false, () => true);
    pi.userRun("and again");
    expect(pi.sent.map((s) => s.text)).toEqual(["ANSWER"]);
    expect(record.events).toEqual(["delivered"]);
  });
});

function recorder() {
  const events: string[] = [];
  return {
    events,
    owe: (reason: OweReason) =>
      events.push(`owe ${typeof reason === "string" ? reason : reason.noRun}`),
    delivered: () => events.push("delivered"),
  };
}
