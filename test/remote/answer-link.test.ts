import { afterEach, describe, expect, it } from "vitest";
import { BIN } from "../support/run-cli.ts";
import {
  call,
  publishedAsk,
  type RunningServerLike,
  runtimeEnv,
  startProcess,
  stopBackgroundServer,
  stopProcesses,
} from "./support.ts";

const envs: Record<string, string>[] = [];
afterEach(async () => {
  stopProcesses();
  for (const env of envs.splice(0)) await stopBackgroundServer(env);
});

/** Spends a page link's code as a browser would; returns the session key it was given. */
async function signIn(server: RunningServerLike, link: string): Promise<string | undefined> {
  const url = new URL(link);
  const reply = await call(server, `${url.pathname}${url.search}`, { token: null });
  expect(reply.status).toBe(303);
  return new URLSearchParams(String(reply.headers.location).slice(2)).get("session") ?? undefined;
}

describe("askuser answer --link", () => {
  it("prints a fresh one-time page link once the printed one is spent (a closed browser, another device)", async () => {
    const env = runtimeEnv();
    envs.push(env);
    const asking = startProcess([BIN, "ask", "examples/release-plan.json", "--remote"], env);
    const { server, id, link: printedLink } = await publishedAsk(asking, env);
    expect(await signIn(server, printedLink)).toBeDefined();
    // The same link again (the browser was closed, the phone opens it): the code is spent.
    expect(await signIn(server, printedLink)).toBeUndefined();

    const linked = startProcess([BIN, "answer", "--link", id], env);
    expect(await linked.exited).toBe(0);
    const fresh = /^(http:\/\/127\.0\.0\.1:\d+\/\?code=[0-9a-f]{64}&ask=[\w-]+)\n$/u.exec(
      linked.out(),
    );
    expect(fresh?.[1]).toContain(`&ask=${id}`);
    const session = await signIn(server, fresh?.[1] ?? "");
    expect(session).toMatch(/^[0-9a-f]{64}$/u);
    const listed = await call(server, "/api/asks", {
      token: null,
      headers: { "Askuser-Session": session ?? "" },
    });
    expect(listed.status).toBe(200);
  });

  it("says so when no server runs, and refuses an id that names no waiting ask", async () => {
    const env = runtimeEnv();
    envs.push(env);
    const none = startProcess([BIN, "answer", "--link"], env);
    expect(await none.exited).toBe(1);
    expect(none.err()).toContain("no answer server runs");
    expect(none.out()).toBe("");

    const asking = startProcess([BIN, "ask", "examples/release-plan.json", "--remote"], env);
    await publishedAsk(asking, env);
    const wrong = startProcess([BIN, "answer", "--link", "no-such-ask\u001b[2J"], env);
    expect(await wrong.exited).toBe(2);
    expect(wrong.err()).toContain("no waiting ask has the id");
    expect(wrong.err()).not.toContain("\u001b");
    expect(wrong.out()).toBe("");
    expect(asking.child.exitCode).toBeNull();
  });
});
