import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { AskInput } from "../../src/core/index.ts";
import { ASKUSER, NODE, printed, terminalSandbox } from "../support/terminal-sandbox.ts";
import type { TmuxSession } from "../support/tmux.ts";
import { fileText } from "../support/wait-for.ts";
import { PICK_ONE, TWO_QUESTIONS } from "../tui/support/payloads.ts";

const terminals = terminalSandbox("captured");
const file = (name: string) => terminals.file(name);
const payloadFile = (payload: AskInput) => terminals.payloadFile(payload);

function run(command: string, reportExit = true): TmuxSession {
  return terminals.start(command, { width: 80, height: 30, reportExit });
}

const read = (path: string) => readFileSync(path, "utf8");

describe("askuser ask with its output captured: the form opens on the terminal", () => {
  it("redirected to a file: the form shows in the terminal, only the result goes to the file", async () => {
    const out = file("out.txt");
    const tmux = run(`${ASKUSER} ask ${payloadFile(PICK_ONE)} > ${out}`);
    await tmux.waitFor("❯ 1. ○ Node");
    tmux.keys("Down", "Enter");
    const { code, tty, screen } = await tmux.exited();
    expect(code).toBe(0);
    expect(tty).toBe("icanon");
    expect(read(out)).toBe('The user answered:\n"Which runtime?" = "Deno"\n');
    expect(printed(screen)).toBe("");
  });

  it("inside $(…): the variable holds the result", async () => {
    const tmux = run(`x=$(${ASKUSER} ask ${payloadFile(PICK_ONE)}); echo "got[$x]"`);
    await tmux.waitFor("❯ 1. ○ Node");
    tmux.keys("Enter");
    const { screen } = await tmux.exited();
    expect(printed(screen)).toBe('got[The user answered:\n"Which runtime?" = "Node"]');
  });

  it("--json into a pipe: the reader gets the JSON details", async () => {
    const out = file("out.json");
    const tmux = run(`${ASKUSER} ask ${payloadFile(PICK_ONE)} --json | cat > ${out}`);
    await tmux.waitFor("❯ 1. ○ Node");
    tmux.keys("Down", "Down", "Enter");
    const { code } = await tmux.exited();
    expect(code).toBe(0);
    expect(JSON.parse(read(out))).toMatchObject({
      status: "answered",
      answers: { q1: { selected: ["Bun"] } },
    });
  });

  it("the payload from a pipe and the result into a file", async () => {
    const out = file("out.txt");
    const tmux = run(`cat ${payloadFile(PICK_ONE)} | ${ASKUSER} ask - > ${out}`);
    await tmux.waitFor("❯ 1. ○ Node");
    tmux.keys("Down", "Enter");
    const { code, tty } = await tmux.exited();
    expect(code).toBe(0);
    expect(tty).toBe("icanon");
    expect(read(out)).toBe('The user answered:\n"Which runtime?" = "Deno"\n');
  });

  it("redirected to a file: the form follows a resize of the terminal it draws on", async () => {
    const out = file("out.txt");
    const session = terminals.start(`${ASKUSER} ask --demo > ${out}`, {
      width: 110,
      height: 40,
      reportExit: true,
    });
    await session.waitFor("│ CREATE TABLE orders (");
    session.resize(44, 40);
    const narrow = await session.waitFor(
      (s) =>
        !s.includes(" │ ") && s.includes("❯ 1. ○ Postgres") && s.includes("One file, no server;"),
    );
    for (const line of narrow.split("\n")) expect(line.length).toBeLessThanOrEqual(44);
    session.keys("C-c");
    const { code } = await session.exited();
    expect(code).toBe(1);
    expect(read(out)).toMatch(/^The user cancelled/);
  });

  it("without a controlling terminal (setsid): unavailable at once", async () => {
    const out = file("out.txt");
    const tmux = run(`setsid -w ${ASKUSER} ask ${payloadFile(PICK_ONE)} < /dev/null > ${out}`);
    const { code } = await tmux.exited();
    expect(code).toBe(1);
    expect(read(out)).toMatch(/^No interactive user can answer questions here/);
  });
});

describe("askuser ask when the terminal goes away", () => {
  it("SIGHUP: cancelled as disconnected, the result still reaches the file, exit 1", async () => {
    const out = file("out.txt");
    const tmux = run(`${ASKUSER} ask ${payloadFile(TWO_QUESTIONS)} > ${out}`);
    await tmux.waitFor("[○ Runtime]");
    tmux.keys("1");
    await tmux.waitFor("Add a note to your answer (optional):");
    const [pid] = tmux.commandPids();
    if (pid === undefined) throw new Error("askuser is not running in the pane");
    process.kill(pid, "SIGHUP");
    const { code, tty } = await tmux.exited();
    expect(code).toBe(1);
    expect(tty).toBe("icanon");
    expect(read(out)).toMatch(/^The question ended because the client showing it disconnected/);
  });

  it.each([
    ["redirected to a file", false],
    ["on the terminal itself", true],
  ])(
    "the terminal closes (stdout %s): exit 1 with no unsettled-await warning",
    async (_what, onTerminal) => {
      const out = file("out.txt");
      const exit = file("exit.txt");
      const err = file("err.txt");
      const payload = payloadFile(PICK_ONE);
      const recorder = join(process.cwd(), "test/support/record-exit.mjs");
      // The recorder keeps stdout in a file; "on the terminal" sends it back to the pane with tee-less
      // sh, so the result write itself meets the closed terminal.
      const command = onTerminal
        ? `${NODE} ${recorder} ${out} ${exit} sh -c '${ASKUSER} ask ${payload} 2>${err} >/dev/tty'`
        : `${NODE} ${recorder} ${out} ${exit} sh -c '${ASKUSER} ask ${payload} 2>${err}'`;
      const tmux = run(command, false);
      await tmux.waitFor("❯ 1. ○ Node");
      tmux.close();
      const ended = await fileText(exit, "askuser to exit");
      expect(ended).toBe("code 1");
      expect(read(err)).not.toContain("unsettled top-level await");
      if (!onTerminal) {
        expect(read(out)).toMatch(/^The question ended because the client showing it disconnected/);
      }
    },
  );
});
