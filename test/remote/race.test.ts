import { afterEach, describe, expect, it } from "vitest";
import { publishAsk } from "../../src/remote/client.ts";
import type { RunningServer } from "../../src/remote/serve.ts";
import { call, startTestServer, threeQuestions } from "./support.ts";

const AGENT = { agent: "test-agent", cwd: "/tmp/project", pid: process.pid };
let server: (RunningServer & { env: Record<string, string> }) | undefined;

afterEach(async () => {
  await server?.stop();
  server = undefined;
});

describe("the first resolution wins, across every surface", () => {
  it("twenty answers, cancels and claims at once: one wins, every other gets 409 with the winner's", async () => {
    server = await startTestServer();
    const remote = await publishAsk(threeQuestions(), AGENT, { env: server.env });
    const labels = ["Postgres", "SQLite"] as const;
    const attempts = Array.from({ length: 20 }, (_, index) => {
      const path = `/api/asks/${remote.id}`;
      if (index % 5 === 4) {
        return remote
          .claim(
            {
              status: "answered",
              questions: threeQuestions().questions,
              answers: { api: { selected: ["GraphQL"] } },
              unanswered: ["db", "features"],
            },
            "terminal",
          )
          .then((claim) => ({ kind: "claim" as const, won: claim.won }));
      }
      const live = server as RunningServer;
      const action = index % 5 === 3 ? "cancel" : "answer";
      return call(live, `${path}/${action}`, {
        body: { db: labels[index % 2] },
        headers: { "Askuser-Surface": index % 2 === 0 ? "page" : "answer-cli" },
      }).then((reply) => ({ kind: "http" as const, won: reply.status === 200, reply }));
    });
    const results = await Promise.all(attempts);
    expect(results.filter((result) => result.won)).toHaveLength(1);
    const end = await remote.ended;
    for (const result of results) {
      if (result.kind !== "http" || result.won) continue;
      expect(result.reply.status).toBe(409);
      expect(result.reply.json).toMatchObject({ by: end.by, details: end.details });
    }
    const shown = await call(server, `/api/asks/${remote.id}`);
    expect(shown.json).toMatchObject({
      state: "resolved",
      resolution: { by: end.by, details: end.details },
    });
  });

  it("an answer racing the agent's withdrawal: either the answer wins or the late one gets 410", async () => {
    server = await startTestServer();
    const remote = await publishAsk(threeQuestions(), AGENT, { env: server.env });
    const [answer, lost] = await Promise.all([
      call(server, `/api/asks/${remote.id}/answer`, { body: { db: "SQLite" } }),
      remote.withdraw("timed_out"),
    ]);
    const shown = (await call(server, `/api/asks/${remote.id}`)).json as { state: string };
    if (answer.status === 200) {
      expect(shown.state).toBe("resolved");
      // The page was told "sent": the agent must get that answer, not its own timeout.
      expect(lost?.details?.answers).toEqual({ db: { selected: ["SQLite"] } });
    } else {
      expect(answer.status).toBe(410);
      expect(shown.state).toBe("withdrawn");
      expect(lost).toBeUndefined();
    }
  });

  it("a withdrawal that comes after the page's answer returns that answer, whether or not the stream has told it yet", async () => {
    server = await startTestServer();
    const remote = await publishAsk(threeQuestions(), AGENT, { env: server.env });
    const answer = await call(server, `/api/asks/${remote.id}/answer`, { body: { db: "SQLite" } });
    expect(answer.status).toBe(200);
    // The timeout fires now, before or after the stream's `resolved` line has been read.
    const lost = await remote.withdraw("timed_out");
    expect(lost).toMatchObject({
      kind: "resolved",
      by: "page",
      details: { status: "answered", answers: { db: { selected: ["SQLite"] } } },
    });
  });
});
