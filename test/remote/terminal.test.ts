import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BIN } from "../support/run-cli.ts";
import { NODE, printed, terminalSandbox } from "../support/terminal-sandbox.ts";
import { testDir } from "../support/test-dir.ts";
import {
  backgroundServer,
  call,
  pendingAskId,
  publishedAsk,
  runtimeEnv,
  startProcess,
  stopBackgroundServer,
  stopProcesses,
} from "./support.ts";

const terminals = terminalSandbox("remote");
const envs: Record<string, string>[] = [];
afterEach(async () => {
  stopProcesses();
  for (const env of envs.splice(0)) await stopBackgroundServer(env);
});

function freshEnv(): Record<string, string> {
  const env = runtimeEnv();
  envs.push(env);
  return env;
}

const ASK = `${NODE} ${BIN} ask examples/database.json --remote`;

describe("askuser ask --remote in a real terminal (tmux)", () => {
  it("shows the form too; an answer from the page closes it and is printed", async () => {
    const env = freshEnv();
    const tmux = terminals.start(ASK, { width: 100, height: 30, reportExit: true, env });
    await tmux.waitFor("answer in the browser: http://127.0.0.1:");
    await tmux.waitFor("❯ 1.");
    const server = await backgroundServer(env);
    const [id] = await pendingAskId(server);
    const reply = await call(server, `/api/asks/${id}/answer`, { body: { database: "SQLite" } });
    expect(reply.status).toBe(200);
    const { code, screen, tty } = await tmux.exited();
    expect(printed(screen)).toContain('= "SQLite"');
    expect(screen).toContain("askuser: answered in the page");
    expect(code).toBe(0);
    expect(tty).toBe("icanon");
  });

  it("an answer in the terminal wins: the page then gets 409 naming the terminal", async () => {
    const env = freshEnv();
    const tmux = terminals.start(ASK, { width: 100, height: 30, reportExit: true, env });
    await tmux.waitFor("❯ 1.");
    const server = await backgroundServer(env);
    const [id] = await pendingAskId(server);
    tmux.keys("Enter");
    const { code, screen } = await tmux.exited();
    expect(code).toBe(0);
    expect(printed(screen)).toContain("The user answered:");
    const late = await call(server, `/api/asks/${id}/answer`, { body: {} });
    expect(late.status).toBe(409);
    expect(late.json).toMatchObject({ by: "terminal", details: { status: "answered" } });
  });
});

describe("askuser ask --remote with no usable server, in a real terminal (tmux)", () => {
  it("shows the form, says why the page is off, and prints the answer given here (never exit 70)", async () => {
    const tmux = terminals.start(ASK, {
      width: 100,
      height: 30,
      reportExit: true,
      env: { ...freshEnv(), XDG_RUNTIME_DIR: "/etc/passwd" },
    });
    await tmux.waitFor("❯ 1.");
    tmux.keys("Enter");
    const { code, screen } = await tmux.exited();
    expect(screen.replaceAll("\n", "")).toMatch(/askuser: the answer page is off \(.*ENOTDIR/u);
    expect(screen.replaceAll("\n", "")).toContain("; answer here in the terminal");
    expect(printed(screen)).toContain("The user answered:");
    expect(code).toBe(0);
  });
});

describe("askuser ask --remote's idle timeout in a real terminal (tmux)", () => {
  it("a page draft newer than the form's keys keeps the ask alive, and is the partial answer when it times out", async () => {
    const env = freshEnv();
    const dir = testDir("askuser-remote-settings-");
    // The steps between the form's activities (find the server, read the ask, send a key, draft)
    // must each fit in the idle time: 1.8 s did not on a loaded machine. The test then waits this
    // long for the end, which costs a worker time, not the machine's CPU.
    writeFileSync(join(dir, "settings.json"), JSON.stringify({ idleTimeoutMinutes: 0.2 }));
    const tmux = terminals.start(`${ASK} --json`, {
      width: 100,
      height: 30,
      reportExit: true,
      env: { ...env, ASKUSER_CONFIG: join(dir, "settings.json") },
    });
    await tmux.waitFor("❯ 1.");
    const server = await backgroundServer(env);
    const [id] = await pendingAskId(server);
    tmux.keys("Down");
    await tmux.waitFor("❯ 2.");
    expect(
      (await call(server, `/api/asks/${id}/progress`, { body: { database: "DynamoDB" } })).status,
    ).toBe(204);
    const { code, screen } = await tmux.exited();
    expect(code).toBe(1);
    expect(printed(screen)).toMatch(
      /"status": "timed_out"[\s\S]*"selected": \[\s*"DynamoDB"\s*\]/u,
    );
    const late = await call(server, `/api/asks/${id}/answer`, { body: { database: "SQLite" } });
    expect(late.status).toBe(410);
  });
});

describe("askuser answer in a real terminal (tmux)", () => {
  it("picks one of two pending asks, answers it in the form, and the asking process prints it", async () => {
    const env = freshEnv();
    const first = startProcess([BIN, "ask", "examples/database.json", "--remote"], env);
    await publishedAsk(first, env);
    const second = startProcess([BIN, "ask", "examples/release-plan.json", "--remote"], env);
    await publishedAsk(second, env);
    const list = startProcess([BIN, "answer", "--list"], env);
    expect(await list.exited).toBe(0);
    expect(list.out()).toMatch(/^id +agent +age +cwd +questions\n/u);
    expect(list.out()).toContain("Features, API, Rollout");

    const tmux = terminals.start(`${NODE} ${BIN} answer`, {
      width: 100,
      height: 30,
      reportExit: true,
      env,
    });
    await tmux.waitFor("Which ask do you want to answer? (2 waiting)");
    // The newest first: release-plan is option 1.
    await tmux.waitFor("1. Features, API, Rollout");
    tmux.keys("Down");
    await tmux.waitFor(/❯ 2\./u);
    tmux.keys("Enter");
    await tmux.waitFor("❯ 1.");
    tmux.keys("Enter");
    const { code, screen } = await tmux.exited();
    // The asking CLI reports delivery once the answer is on its standard output.
    expect(screen).toContain("askuser: Sent: waiting for the agent to take it. It will receive:");
    expect(screen).toContain("askuser: The agent has your answer.");
    expect(code).toBe(0);
    expect(await first.exited).toBe(0);
    expect(first.out()).toContain("The user answered:");
    expect(first.err()).toContain("answered with askuser answer");
    expect(second.child.exitCode).toBeNull();
  });

  it("closes the form and says so when the ask ends elsewhere or the server stops", async () => {
    const env = freshEnv();
    const asker = startProcess([BIN, "ask", "examples/database.json", "--remote"], env);
    const { server, id } = await publishedAsk(asker, env);
    const tmux = terminals.start(`${NODE} ${BIN} answer`, {
      width: 100,
      height: 30,
      reportExit: true,
      env,
    });
    await tmux.waitFor("❯ 1.");
    await call(server, `/api/asks/${id}/answer`, { body: { database: "SQLite" } });
    const first = await tmux.exited();
    expect(first.screen).toContain("askuser: already answered (by page); yours was not sent");
    expect(first.code).toBe(1);
    expect(await asker.exited).toBe(0);

    const another = startProcess([BIN, "ask", "examples/database.json", "--remote"], env);
    await publishedAsk(another, env);
    const again = terminals.start(`${NODE} ${BIN} answer`, {
      width: 100,
      height: 30,
      reportExit: true,
      env,
    });
    await again.waitFor("❯ 1.");
    process.kill(server.info.pid, "SIGKILL");
    const second = await again.exited();
    expect(second.screen).toContain(
      "askuser: the answer server stopped (its asks with it); nothing was sent",
    );
    expect(second.code).toBe(1);
  });
});
