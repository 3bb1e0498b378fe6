import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { TmuxSession } from "../support/tmux.ts";
import { PICK_ONE } from "../tui/support/payloads.ts";

const NODE = join(process.cwd(), "node_modules/.bin/node");
const dir = mkdtempSync(join(tmpdir(), "askuser-suspend-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const running: TmuxSession[] = [];

beforeAll(() => {
  if (!TmuxSession.isAvailable()) {
    throw new Error(
      "tmux is needed for the real-terminal tests: run scripts/install-system-deps.sh",
    );
  }
});

afterEach(() => {
  for (const session of running.splice(0)) session.close();
});

/** An interactive shell with job control, as a user has. */
function shell(): TmuxSession {
  const session = TmuxSession.start("bash --norc --noprofile -i", {
    width: 80,
    height: 24,
    env: { HISTFILE: "/dev/null" },
  });
  running.push(session);
  return session;
}

describe("askuser ask stopped and resumed by job control (tmux)", () => {
  it("SIGTSTP gives the terminal back to the shell; fg draws the form again and it still answers", async () => {
    const payload = join(dir, "pick-one.json");
    writeFileSync(payload, JSON.stringify(PICK_ONE));
    const tmux = shell();
    await tmux.waitFor(/[$#]$/mu);
    tmux.text(`${NODE} bin/askuser.js ask ${payload}`);
    tmux.keys("Enter");
    await tmux.waitFor("❯ 1. ○ Node");
    tmux.keys("Down");
    await tmux.waitFor("❯ 2. ○ Deno");
    const [pid] = tmux.commandPids();
    if (pid === undefined) throw new Error("askuser is not running in the pane");
    process.kill(pid, "SIGTSTP");
    await tmux.waitFor(/Stopped/u);
    expect(tmux.cursorVisible()).toBe(true);

    tmux.text("fg");
    tmux.keys("Enter");
    // Drawn again below the shell's lines, keeping the highlight the user had moved.
    await tmux.waitFor((screen) =>
      screen.slice(screen.lastIndexOf(" fg\n")).includes("❯ 2. ○ Deno"),
    );
    tmux.keys("Enter");
    await tmux.waitFor('"Which runtime?" = "Deno"');
    tmux.text('echo "[exit $?]"');
    tmux.keys("Enter");
    await tmux.waitFor("[exit 0]");
    expect(tmux.cursorVisible()).toBe(true);
  });

  it("in a pipeline, the whole job stops, so the shell gives its prompt back", async () => {
    const payload = join(dir, "pick-one-pipe.json");
    writeFileSync(payload, JSON.stringify(PICK_ONE));
    const tmux = shell();
    await tmux.waitFor(/[$#]$/mu);
    tmux.text(`${NODE} bin/askuser.js ask ${payload} | cat`);
    tmux.keys("Enter");
    await tmux.waitFor("❯ 1. ○ Node");
    const [pid] = tmux.commandPids().filter((child) => isAskuser(child));
    if (pid === undefined) throw new Error("askuser is not running in the pane");
    process.kill(pid, "SIGTSTP");
    await tmux.waitFor(/Stopped/u);
    tmux.text("fg");
    tmux.keys("Enter");
    await tmux.waitFor((screen) =>
      screen.slice(screen.lastIndexOf(" fg\n")).includes("❯ 1. ○ Node"),
    );
    tmux.keys("2");
    await tmux.waitFor('"Which runtime?" = "Deno"');
  });
});

function isAskuser(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("askuser.js");
  } catch {
    return false;
  }
}
