import { describe, expect, it } from "vitest";
import type { AskDetails } from "../../src/core/index.ts";
import type { RemoteAsk, RemoteEnd } from "../../src/remote/client.ts";
import { raceWithPage, type ShowHere } from "../../src/remote/local-race.ts";

const QUESTIONS = [
  {
    id: "db",
    header: "DB",
    question: "Which?",
    options: [{ label: "A" }, { label: "B" }],
    multiSelect: false,
    allowComment: false,
  },
];
const HERE: AskDetails = {
  status: "answered",
  questions: QUESTIONS,
  answers: { db: { selected: ["A"] } },
  unanswered: [],
};
const THERE: AskDetails = { ...HERE, answers: { db: { selected: ["B"] } } };

/** A published ask whose end the test decides; records every claim and withdrawal. */
function fakeRemote(claimAnswer: "won" | RemoteEnd = "won", withdrawAnswer?: RemoteEnd) {
  const calls: string[] = [];
  let end: (value: RemoteEnd) => void = () => {};
  const remote: RemoteAsk = {
    id: "a1",
    pageUrl: "http://127.0.0.1:4000/?code=x",
    ended: new Promise<RemoteEnd>((resolve) => (end = resolve)),
    latestDraft: () => undefined,
    onDraft: () => () => {},
    claim: async (details, by) => {
      calls.push(`claim ${details.status} by ${by}`);
      return claimAnswer === "won" ? { won: true } : { won: false, end: claimAnswer };
    },
    withdraw: async (origin) => {
      calls.push(`withdraw ${origin}`);
      return withdrawAnswer;
    },
  };
  return { remote, calls, answerThere: (value: RemoteEnd) => end(value) };
}

/** The form here: resolves with `details` when the test says, or as a turn abort when closed. */
function formHere() {
  let finish: (details: AskDetails) => void = () => {};
  const show: ShowHere = (closed) =>
    new Promise((resolve) => {
      finish = (details) => resolve({ details, by: "pi" });
      closed.addEventListener("abort", () =>
        resolve({
          details: { ...HERE, status: "cancelled", origin: "turn_abort", answers: {} },
          by: "pi",
        }),
      );
    });
  return { show, finish: (details: AskDetails) => finish(details) };
}

function env(remote: Promise<RemoteAsk>) {
  const said: string[] = [];
  return {
    said,
    env: {
      publish: () => remote,
      answeredElsewhere: (by: string) => said.push(`answered by ${by}`),
      unavailable: (error: unknown) => said.push(`unavailable: ${String(error)}`),
    },
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("raceWithPage: the form here and the page, first answer wins", () => {
  it("the page answers first: the form closes, its answer is the result, and the user is told where", async () => {
    const page = fakeRemote();
    const here = formHere();
    const { env: e, said } = env(Promise.resolve(page.remote));
    const result = raceWithPage(here.show, e);
    await tick();
    page.answerThere({ kind: "resolved", by: "page", details: THERE });
    expect(await result).toEqual({ details: THERE, by: "page" });
    expect(page.calls).toEqual([]);
    expect(said).toEqual(["answered by page"]);
  });

  it("the form answers first: the answer is claimed as Pi's and stands", async () => {
    const page = fakeRemote();
    const here = formHere();
    const result = raceWithPage(here.show, env(Promise.resolve(page.remote)).env);
    await tick();
    here.finish(HERE);
    expect(await result).toEqual({ details: HERE, by: "pi" });
    expect(page.calls).toEqual(["claim answered by pi"]);
  });

  it("both at once, the server saw the page first: the lost claim takes the page's answer", async () => {
    const page = fakeRemote({ kind: "resolved", by: "answer-cli", details: THERE });
    const here = formHere();
    const { env: e, said } = env(Promise.resolve(page.remote));
    const result = raceWithPage(here.show, e);
    await tick();
    here.finish(HERE);
    expect(await result).toEqual({ details: THERE, by: "answer-cli" });
    expect(said).toEqual(["answered by answer-cli"]);
  });

  it("a cancel here is the user's answer too: it is claimed", async () => {
    const page = fakeRemote();
    const here = formHere();
    const result = raceWithPage(here.show, env(Promise.resolve(page.remote)).env);
    await tick();
    here.finish({ ...HERE, status: "cancelled", origin: "user" });
    await result;
    expect(page.calls).toEqual(["claim cancelled by pi"]);
  });

  it.each([
    ["a turn abort", { status: "cancelled", origin: "turn_abort" }, "withdraw turn_abort"],
    [
      "the session closing",
      { status: "cancelled", origin: "session_closed" },
      "withdraw session_closed",
    ],
    ["the idle timeout", { status: "timed_out" }, "withdraw timed_out"],
    ["a broken form", { status: "cancelled", origin: "ui_failure" }, "withdraw ui_failure"],
  ] as const)("%s withdraws the ask: the page refuses a late answer", async (_name, end, call) => {
    const page = fakeRemote();
    const here = formHere();
    const result = raceWithPage(here.show, env(Promise.resolve(page.remote)).env);
    await tick();
    const details = { ...HERE, ...end } as AskDetails;
    here.finish(details);
    expect((await result)?.details).toEqual(details);
    expect(page.calls).toEqual([call]);
  });

  it("a timeout here that crosses the page's answer: the server had the answer, so it is the result", async () => {
    const page = fakeRemote("won", { kind: "resolved", by: "page", details: THERE });
    const here = formHere();
    const { env: e, said } = env(Promise.resolve(page.remote));
    const result = raceWithPage(here.show, e);
    await tick();
    here.finish({ ...HERE, status: "timed_out", answers: {} } as AskDetails);
    expect(await result).toEqual({ details: THERE, by: "page" });
    expect(page.calls).toEqual(["withdraw timed_out"]);
    expect(said).toEqual(["answered by page"]);
  });

  it("an end before the page has the ask stands at once; the page is told once it has it", async () => {
    const page = fakeRemote();
    const here = formHere();
    let open: (remote: RemoteAsk) => void = () => {};
    const publishing = new Promise<RemoteAsk>((resolve) => (open = resolve));
    const result = raceWithPage(here.show, env(publishing).env);
    here.finish({ ...HERE, status: "cancelled", origin: "turn_abort" });
    expect((await result)?.details.status).toBe("cancelled");
    expect(page.calls).toEqual([]);
    open(page.remote);
    await tick();
    expect(page.calls).toEqual(["withdraw turn_abort"]);
  });

  it("no server: the ask is answered here alone, and the host is told why the page is missing", async () => {
    const here = formHere();
    const { env: e, said } = env(Promise.reject(new Error("connect ECONNREFUSED \u001b[31m")));
    const result = raceWithPage(here.show, e);
    await tick();
    here.finish(HERE);
    expect((await result)?.details).toEqual(HERE);
    expect(said).toEqual(["unavailable: Error: connect ECONNREFUSED \u001b[31m"]);
  });

  it("a server lost while the form is open changes nothing here", async () => {
    const page = fakeRemote();
    const here = formHere();
    const result = raceWithPage(here.show, env(Promise.resolve(page.remote)).env);
    await tick();
    page.answerThere({ kind: "server_lost" });
    await tick();
    here.finish(HERE);
    expect((await result)?.details).toEqual(HERE);
  });
});
