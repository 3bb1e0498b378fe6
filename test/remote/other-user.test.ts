import { execFileSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BIN } from "../support/run-cli.ts";
import { testDir } from "../support/test-dir.ts";
import { REPORT_AFTER_MS } from "../support/wait-for.ts";
import { lines, NOBODY, otherUserUnavailable, standIn } from "./other-user.ts";
import { startProcess, stopBackgroundServer, stopProcesses } from "./support.ts";

afterEach(() => stopProcesses());

const TOKEN = "c0ffee".repeat(11).slice(0, 64);

/** A private runtime directory of this user's, as askuser makes it. */
function privateRuntime(): { env: Record<string, string>; dir: string } {
  const base = testDir();
  const dir = join(base, "askuser");
  mkdirSync(dir, { mode: 0o700 });
  return { env: { XDG_RUNTIME_DIR: base }, dir };
}

function discoveryFile(dir: string, port: number, pid = 1): void {
  const info = { pid, port, host: "127.0.0.1", token: TOKEN, startedAt: "", version: "0.1.0" };
  writeFileSync(join(dir, "server.json"), JSON.stringify(info), { mode: 0o600 });
}

/** `askuser answer --list` in `env`: its exit code and output, or "hung" when it never exits. */
async function answerList(env: Record<string, string>) {
  const run = startProcess([BIN, "answer", "--list"], env);
  const timer = new Promise<"hung">((resolve) =>
    setTimeout(() => resolve("hung"), REPORT_AFTER_MS).unref(),
  );
  const code = await Promise.race([run.exited, timer]);
  return { code, out: run.out(), err: run.err() };
}

/** The publisher fixture (an agent publishing one ask) in `env`: its first line, or its exit. */
async function publish(env: Record<string, string>) {
  const agent = startProcess(["test/remote/fixtures/publisher.ts"], env);
  const out = lines(agent.child.stdout);
  const first = await Promise.race([
    out.next((line) => line.includes('"opened"')),
    agent.exited.then((code) => `exit ${code}`),
  ]);
  return { first, err: agent.err };
}

describe.skipIf(otherUserUnavailable !== undefined)(
  `another local user cannot stand in for the answer server${otherUserUnavailable ? ` (skipped: ${otherUserUnavailable})` : ""}`,
  () => {
    it("an impostor on the port the discovery file records gets no token and no question", async () => {
      const impostor = await standIn({ echoPid: 1 });
      const { env, dir } = privateRuntime();
      discoveryFile(dir, impostor.listening as number);
      const listed = await answerList(env);
      expect(listed).toMatchObject({ code: 0, out: "No ask is waiting for an answer.\n" });
      const agent = await publish(env);
      await stopBackgroundServer(env);
      expect(agent.first).toMatch(/"opened":"(?!forged)/u);
      expect(impostor.received()).toEqual([]);
    });

    it("a discovery file planted in a shared 1777 runtime directory is refused, naming the directory and the fix", async () => {
      const base = testDir();
      chmodSync(base, 0o1777);
      const dir = join(base, "askuser");
      mkdirSync(dir, { mode: 0o755 });
      chownSync(dir, NOBODY, NOBODY);
      const onPort = await standIn({ echoPid: 1 });
      const onSocket = await standIn({ socket: join(dir, "server.sock"), echoPid: 1 });
      discoveryFile(dir, onPort.listening as number);
      chownSync(join(dir, "server.json"), NOBODY, NOBODY);
      const env = { XDG_RUNTIME_DIR: base };
      const listed = await answerList(env);
      expect(listed.code).toBe(1);
      expect(listed.err).toContain(`the runtime directory ${dir} is owned by uid ${NOBODY}`);
      expect(listed.err).toContain("set XDG_RUNTIME_DIR to a directory only you can write");
      expect(listed.err).not.toContain("unexpected error");
      const agent = await publish(env);
      expect(agent.first).toMatch(/^exit [1-9]/u);
      expect(agent.err()).toContain(`the runtime directory ${dir} is owned by uid ${NOBODY}`);
      expect(onPort.received()).toEqual([]);
      expect(onSocket.received()).toEqual([]);
    });

    it("after a server is killed with SIGKILL, an impostor on its old port, even with its old pid, gets nothing", async () => {
      const { env } = privateRuntime();
      const serve = startProcess([BIN, "serve"], env);
      await lines(serve.child.stdout).next((line) => line.includes("answering at"));
      const info = JSON.parse(
        execFileSync("cat", [join(env.XDG_RUNTIME_DIR ?? "", "askuser", "server.json")], {
          encoding: "utf8",
        }),
      ) as { pid: number; port: number };
      serve.child.kill("SIGKILL");
      await serve.exited;
      const impostor = await standIn({ port: info.port, echoPid: info.pid }, { pid: info.pid });
      const listed = await answerList(env);
      expect(listed).toMatchObject({ code: 0, out: "No ask is waiting for an answer.\n" });
      const agent = await publish(env);
      await stopBackgroundServer(env);
      expect(agent.first).toMatch(/"opened":"(?!forged)/u);
      expect(impostor.received()).toEqual([]);
    });
  },
);

describe("files in the runtime directory are taken only as askuser writes them", () => {
  it("a server.log planted as a symbolic link is refused, and the file it points at is not touched", async () => {
    const { env, dir } = privateRuntime();
    const victim = join(testDir(), "victim.txt");
    symlinkSync(victim, join(dir, "server.log"));
    const agent = await publish(env);
    await stopBackgroundServer(env);
    expect(agent.first).toMatch(/^exit [1-9]/u);
    expect(agent.err()).toContain(`${join(dir, "server.log")} is a symbolic link`);
    expect(existsSync(victim)).toBe(false);
  });

  it.each([
    ["a FIFO", (path: string) => execFileSync("mkfifo", [path]), "not a regular file"],
    ["a link to /dev/zero", (path: string) => symlinkSync("/dev/zero", path), "a symbolic link"],
  ])(
    "%s as server.json: askuser answer --list says so at once, exit 1",
    async (_name, plant, problem) => {
      const { env, dir } = privateRuntime();
      // A socket there, so the reader gets as far as the discovery file.
      const listener = await import("node:net").then(({ createServer }) => createServer());
      await new Promise<void>((resolve) => listener.listen(join(dir, "server.sock"), resolve));
      plant(join(dir, "server.json"));
      const listed = await answerList(env);
      listener.close();
      expect(listed.code).toBe(1);
      expect(listed.err).toContain(`${join(dir, "server.json")} is ${problem}`);
    },
  );

  it("a plain file where the socket goes is refused by name, not connected to", async () => {
    const { env, dir } = privateRuntime();
    writeFileSync(join(dir, "server.sock"), "");
    const listed = await answerList(env);
    expect(listed.code).toBe(1);
    expect(listed.err).toContain(`${join(dir, "server.sock")} is not a socket of yours`);
  });

  it("a runtime directory of yours that others can enter is refused, naming chmod 700", async () => {
    const { env, dir } = privateRuntime();
    chmodSync(dir, 0o755);
    const listed = await answerList(env);
    expect(listed.code).toBe(1);
    expect(listed.err).toContain(`the runtime directory ${dir} is open to others (mode 755)`);
    expect(listed.err).toContain(`run chmod 700 ${dir}`);
  });
});
