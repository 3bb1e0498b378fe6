import { afterEach, describe, expect, it } from "vitest";
import type { AskDetails } from "../../../src/core/index.ts";
import type { RemoteAsk, RemoteEnd } from "../../../src/remote/client.ts";
import { askOf } from "../../support/asks.ts";
import { Changes, waitFor, watchedArray } from "../../support/wait-for.ts";
import { askResults, askStep, replyStep } from "../helpers/in-process-pi.ts";
import { type SettingsPi, startSettingsPi } from "../settings/settings-session.ts";

const ONE = {
  questions: [
    {
      id: "db",
      header: "DB",
      question: "Which database?",
      options: [{ label: "Postgres" }, { label: "SQLite" }],
    },
  ],
};
const URL = "http://127.0.0.1:4711/?code=3f9a";

let pi: SettingsPi | undefined;
afterEach(() => {
  pi?.dispose();
  pi = undefined;
});

/** A client that publishes every ask at once and records what Pi tells it. */
function fakeServer() {
  const changes = new Changes();
  const calls: string[] = watchedArray(changes);
  const published: { cwd: string }[] = watchedArray(changes);
  let answerThere: (end: RemoteEnd) => void = () => {};
  let draft: (details: AskDetails) => void = () => {};
  const publish = async (_ask: unknown, cwd: string): Promise<RemoteAsk> => {
    published.push({ cwd });
    return {
      id: "a1",
      pageUrl: URL,
      ended: new Promise((resolve) => (answerThere = resolve)),
      latestDraft: () => undefined,
      onDraft: (listener) => {
        draft = listener;
        return () => {};
      },
      claim: async (details, by) => {
        calls.push(`claim ${details.status} by ${by}`);
        return { won: true };
      },
      withdraw: async (origin) => {
        calls.push(`withdraw ${origin}`);
      },
    };
  };
  return {
    changes,
    publish,
    calls,
    published,
    answerThere: (end: RemoteEnd) => answerThere(end),
    draft: (details: AskDetails) => draft(details),
  };
}

describe("settings in Pi: remote", () => {
  it("is off by default: nothing is published", async () => {
    const server = fakeServer();
    pi = await startSettingsPi({
      steps: [askStep(ONE, "call_1"), replyStep("ok")],
      publish: server.publish,
    });
    const run = pi.session.prompt("hi");
    (await pi.ui.opened()).handleInput("\r");
    await run;
    expect(server.published).toEqual([]);
    expect(pi.ui.widgets).toEqual([]);
  });

  it("on: the notification command gets the page's URL, the terminal shows it as a link while the form is open, and the answer here is claimed", async () => {
    const server = fakeServer();
    pi = await startSettingsPi({
      settings: { remote: true, notifications: { command: "my-notify" } },
      steps: [askStep(ONE, "call_1"), replyStep("ok")],
      publish: server.publish,
    });
    const run = pi.session.prompt("hi");
    const form = await pi.ui.opened();
    await waitFor("the notification command", pi.changes, () => pi?.commands.length === 1);
    expect(pi.commands[0]?.env.ASKUSER_URL).toBe(URL);
    expect(server.published).toEqual([{ cwd: pi.cwd }]);
    expect(pi.ui.widgets).toEqual([
      {
        key: "askuser-page",
        lines: [`Also on the answer page: \u001b]8;;${URL}\u0007${URL}\u001b]8;;\u0007`],
      },
    ]);
    form.handleInput("\r");
    await run;
    expect(server.calls).toEqual(["claim answered by pi"]);
    expect(pi.ui.widgets.at(-1)).toEqual({ key: "askuser-page", lines: undefined });
  });

  it("on: typing in the page keeps the idle timeout from firing", async () => {
    const server = fakeServer();
    pi = await startSettingsPi({
      settings: { remote: true, idleTimeoutMinutes: 1 },
      steps: [askStep(ONE, "call_1"), replyStep("ok")],
      publish: server.publish,
    });
    const run = pi.session.prompt("hi");
    const form = await pi.ui.opened();
    await waitFor("the page link", pi.changes, () => (pi?.ui.widgets.length ?? 0) > 0);
    pi.timers.advance(50_000);
    server.draft({ status: "pending", questions: [], answers: {}, unanswered: [] });
    pi.timers.advance(50_000);
    expect(pi.ui.isFormOpen).toBe(true);
    form.handleInput("\r");
    await run;
    const [result] = askResults(pi.requests[1]);
    expect(result?.details).toMatchObject({ status: "answered" });
  });

  it("on: an ask that does not wait is on the page at once, and an answer there reaches the agent once", async () => {
    const server = fakeServer();
    pi = await startSettingsPi({
      settings: { remote: true },
      steps: [
        askStep({ ...ONE, waitForAnswer: false }, "call_1"),
        replyStep("I will carry on meanwhile."),
        replyStep("Thanks for the answer."),
      ],
      publish: server.publish,
    });
    await pi.session.prompt("hi");
    await waitFor(
      "the pending ask on the page",
      server.changes,
      () => server.published.length === 1,
    );
    const answered: AskDetails = {
      status: "answered",
      questions: askOf(ONE).questions,
      answers: { db: { selected: ["SQLite"] } },
      unanswered: [],
    };
    server.answerThere({ kind: "resolved", by: "page", details: answered });
    await waitFor("the answer's turn", pi.changes, () => (pi?.requests.length ?? 0) === 3);
    const delivered = pi.requests[2]?.filter((message) => message.role === "user").at(-1);
    expect(JSON.stringify(delivered?.content)).toContain("SQLite");
    expect(pi.ui.notifications.map((n) => n.message)).toContain("ask_user: answered in the page");
    expect(pi.ui.formsOpened).toBe(0);
    expect(pi.ui.widgets.filter((widget) => widget.key === "askuser-page")).toEqual([]);
  });

  it("on: a question answered before the page had it is not announced afterwards", async () => {
    const server = fakeServer();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    pi = await startSettingsPi({
      settings: { remote: true, notifications: { bell: true, command: "my-notify" } },
      steps: [askStep(ONE, "call_1"), replyStep("ok")],
      publish: async (ask, cwd) => {
        await gate;
        return server.publish(ask, cwd);
      },
    });
    const run = pi.session.prompt("hi");
    (await pi.ui.opened()).handleInput("\r");
    await run;
    release();
    await waitFor("the late publish", server.changes, () => server.published.length === 1);
    await waitFor("the page told how it ended", server.changes, () => server.calls.length === 1);
    expect(server.calls).toEqual(["claim answered by pi"]);
    expect(pi.commands).toEqual([]);
    expect(pi.ui.terminalWrites).toEqual([]);
  });
});
