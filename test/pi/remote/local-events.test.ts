import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { afterEach, describe, expect, it } from "vitest";
import { askResults } from "../helpers/in-process-pi.ts";
import { type InProcessPi, startInProcessPi } from "../helpers/sdk-session.ts";

const TWO_QUESTIONS = {
  questions: [
    {
      id: "database",
      header: "Database",
      question: "Which database should the service use?",
      options: [{ label: "Postgres" }, { label: "SQLite" }],
    },
    {
      id: "api",
      header: "API",
      question: "Which API style?",
      options: [{ label: "REST" }, { label: "gRPC" }],
    },
  ],
};

let pi: InProcessPi | undefined;
afterEach(() => {
  pi?.dispose();
  pi = undefined;
});

interface Heard {
  readonly channel: string;
  readonly data: Record<string, unknown>;
}

/**
 * Another extension on the same bus (a chat bridge): it records what askuser says and, when an
 * ask opens, sends what `reply` returns for it.
 */
function bridge(reply: (id: string) => { channel: string; data: unknown }[]) {
  const heard: Heard[] = [];
  const extension = (api: ExtensionAPI) => {
    for (const channel of ["opened", "resolved", "rejected", "progress"]) {
      api.events.on(`askuser:${channel}`, (data) => {
        heard.push({ channel, data: data as Record<string, unknown> });
        if (channel !== "opened") return;
        for (const event of reply(String((data as { id: unknown }).id))) {
          api.events.emit(event.channel, event.data);
        }
      });
    }
  };
  return { heard, extension };
}

describe("the askuser: events on Pi's bus", () => {
  it("another extension's submit answers the ask through the answers-file rules, and the form closes", async () => {
    const { heard, extension } = bridge((id) => [
      { channel: "askuser:submit", data: { id, answers: { database: "SQLite", API: ["gRPC"] } } },
    ]);
    pi = await startInProcessPi(TWO_QUESTIONS, [extension]);
    await pi.session.prompt("Plan the order service");
    const [result] = askResults(pi.requests[1]);
    expect(result?.details).toMatchObject({
      status: "answered",
      answers: { database: { selected: ["SQLite"] }, api: { selected: ["gRPC"] } },
    });
    expect(heard.map((event) => event.channel)).toEqual(["opened", "resolved"]);
    expect(heard[0]?.data).toMatchObject({
      ask: { questions: [{ id: "database" }, { id: "api" }] },
    });
    expect(heard[1]?.data).toMatchObject({ id: heard[0]?.data.id, by: "event" });
  });

  it("answers that do not fit are rejected with the issues, and the form stays open for the user", async () => {
    const { heard, extension } = bridge((id) => [
      { channel: "askuser:submit", data: { id, answers: { database: "MySQL" } } },
      { channel: "askuser:submit", data: { id: "someone-else", answers: { database: "SQLite" } } },
    ]);
    pi = await startInProcessPi(TWO_QUESTIONS, [extension]);
    const turn = pi.session.prompt("Plan the order service");
    const form = await pi.ui.opened();
    for (const key of ["\r", "\r", "\r"]) form.handleInput(key);
    await turn;
    const [result] = askResults(pi.requests[1]);
    expect(result?.details).toMatchObject({
      status: "answered",
      answers: { database: { selected: ["Postgres"] }, api: { selected: ["REST"] } },
    });
    expect(heard.map((event) => event.channel)).toEqual(["opened", "rejected", "resolved"]);
    expect(heard[1]?.data).toMatchObject({
      issues: [
        { path: 'answers["database"]', problem: expect.stringContaining("names no option") },
      ],
    });
    expect(heard[2]?.data).toMatchObject({ by: "pi" });
  });

  it("a cancel from another extension is the user's cancel and keeps the answers it carries", async () => {
    const { extension } = bridge((id) => [
      { channel: "askuser:cancel", data: { id, answers: { database: "SQLite" } } },
    ]);
    pi = await startInProcessPi(TWO_QUESTIONS, [extension]);
    await pi.session.prompt("Plan the order service");
    const [result] = askResults(pi.requests[1]);
    expect(result?.details).toMatchObject({
      status: "cancelled",
      origin: "user",
      answers: { database: { selected: ["SQLite"] } },
      unanswered: ["api"],
    });
  });
});
