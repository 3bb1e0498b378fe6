import { describe, expect, it } from "vitest";
import {
  claudeMissing,
  claudeSandbox,
  descendants,
  headlessClaude,
  interactiveClaude,
  TOOL_USE_ID,
} from "./claude-sandbox.ts";

const missing = claudeMissing();
if (missing) console.warn(`skipping the real Claude Code tests: ${missing}`);

/** Each case starts a real Claude Code (a few seconds on a loaded machine). */
const SLOW = 120_000;

const FULL_FROM_PAGE =
  'The user answered: "Which database?"="SQLite" notes: (answered on the answer page), "Which features?"="Auth, Search" notes: keep it small (answered on the answer page). Read the answers carefully — they may request clarification, changes, or that you not proceed — and follow what they actually say.';

/** A Claude Code session with askuser's hooks installed, its question dialog open and published. */
async function dialogOpen() {
  const sandbox = await claudeSandbox();
  await sandbox.askuser("setup", "claude-code");
  const tmux = await interactiveClaude(sandbox);
  const opened = await sandbox.event("opened");
  await tmux.waitFor("Enter to select");
  return { sandbox, tmux, opened };
}

describe.skipIf(missing !== undefined)("the real Claude Code 2.1.332 with askuser's hooks", () => {
  it("answered on the page while the native dialog is open: the model gets the dialog's own answer", {
    timeout: SLOW,
  }, async () => {
    const sandbox = await claudeSandbox();
    expect((await sandbox.askuser("setup", "claude-code")).code).toBe(0);
    const tmux = await interactiveClaude(sandbox);
    const opened = await sandbox.event("opened");
    await tmux.waitFor("Enter to select");
    const reply = await pageCall(sandbox, `/api/asks/${opened.askId}/answer`, {
      q1: "SQLite",
      q2: { selected: ["Auth", "Search"], comment: "keep it small" },
    });
    expect(reply.status).toBe(200);
    const result = await sandbox.model.toolResult(TOOL_USE_ID);
    expect(result).toEqual({ tool_use_id: TOOL_USE_ID, is_error: false, content: FULL_FROM_PAGE });
    await tmux.waitFor("Allowed by PermissionRequest hook");
  });

  // Claude Code 2.1.332 ignores an Enter that comes soon after its dialog opened or after another
  // key, and nothing on screen says when Enter is taken again. Digits pick an option (on the
  // review screen "1" is "Submit answers") and each key below waits for the screen the one before
  // it drew, but the first digit after the dialog opens is ignored too when it comes soon enough:
  // these three cases passed in 3 runs at load 19-30, and on a quieter machine (load 2-6) the
  // first digit left the screen unchanged for 60 s in 1 to 3 of the 3 cases per run. Passing
  // would take a wait by time, which this suite does not do, so they are skipped until Claude
  // Code marks when its dialog takes keys. The terminal's hand-over is covered in process
  // (terminal-answer.test.ts, hook-command.test.ts) and by real-claude-page.test.ts.
  it.skip("answered in the terminal: the model gets the terminal's answer, and the page is told the terminal answered", {
    timeout: SLOW,
  }, async () => {
    const { sandbox, tmux, opened } = await dialogOpen();
    tmux.keys("1"); // Postgres
    await tmux.waitFor("[ ] Auth");
    tmux.keys("1"); // Auth
    await tmux.waitFor("[✔] Auth");
    tmux.keys("Tab");
    await tmux.waitFor("1. Submit answers");
    tmux.keys("1");
    const result = await sandbox.model.toolResult(TOOL_USE_ID);
    expect(result.content).toBe(
      'Your questions have been answered: "Which database?"="Postgres", "Which features?"="Auth". You can now continue with these answers in mind.',
    );
    const resolved = await sandbox.event("resolved");
    expect(resolved.askId).toBe(opened.askId);
    expect(resolved.data.by).toBe("terminal");
    expect(resolved.data.text).toBe(
      'The user answered:\n"Which database?" = "Postgres"\n"Which features?" = "Auth"',
    );
  });

  it("a partial answer with a note: the model is told which question is unanswered, in askuser's words", {
    timeout: SLOW,
  }, async () => {
    const { sandbox, opened } = await dialogOpen();
    await pageCall(sandbox, `/api/asks/${opened.askId}/answer`, {
      q1: { selected: ["Postgres"], comment: "we run it already" },
    });
    expect(await sandbox.model.toolResult(TOOL_USE_ID)).toEqual({
      tool_use_id: TOOL_USE_ID,
      is_error: true,
      content: [
        "The user submitted the form but left some questions unanswered:",
        '"Which database?" = "Postgres — we run it already"',
        '"Which features?" = (no answer)',
        'Unanswered: "Which features?". Do not assume answers to these; decide on your best judgement and say so, or ask again later if they matter.',
        "Answered on the answer page.",
      ].join("\n"),
    });
  });

  it("the user's cancel on the page: the model is told nothing was answered", {
    timeout: SLOW,
  }, async () => {
    const { sandbox, opened } = await dialogOpen();
    expect((await pageCall(sandbox, `/api/asks/${opened.askId}/cancel`, {})).status).toBe(200);
    expect(await sandbox.model.toolResult(TOOL_USE_ID)).toEqual({
      tool_use_id: TOOL_USE_ID,
      is_error: true,
      content: [
        'The user cancelled the questions without answering any of them. Unanswered: "Which database?", "Which features?". Do not assume answers: continue only with work that does not depend on these decisions, or ask the user how they want to proceed.',
        "Cancelled on the answer page.",
      ].join("\n"),
    });
  });

  it.skip("the hook killed: the page's copy is withdrawn, the dialog stays, and the terminal's answer is the result", {
    timeout: SLOW,
  }, async () => {
    const { sandbox, tmux, opened } = await dialogOpen();
    const hookPid = sandbox.server.registry.get(opened.askId)?.agent.pid ?? 0;
    expect(descendants(tmux.panePid())).toContain(hookPid);
    process.kill(hookPid, "SIGKILL");
    const withdrawn = await sandbox.event("withdrawn");
    expect(withdrawn.data.origin).toBe("disconnected");
    expect(
      (await pageCall(sandbox, `/api/asks/${opened.askId}/answer`, { q1: "SQLite", q2: ["Auth"] }))
        .status,
    ).toBe(410);
    expect(tmux.screen()).toContain("Enter to select");
    tmux.keys("2"); // SQLite
    await tmux.waitFor("[ ] Auth");
    tmux.keys("Tab");
    await tmux.waitFor("1. Submit answers");
    tmux.keys("1");
    const result = await sandbox.model.toolResult(TOOL_USE_ID);
    expect(result.content).toBe(
      'Your questions have been answered: "Which database?"="SQLite". You can now continue with these answers in mind.',
    );
  });

  it.skip("Chat about this in the dialog: no tool hook runs, the turn's Stop hook withdraws the page's copy", {
    timeout: SLOW,
  }, async () => {
    const { sandbox, tmux, opened } = await dialogOpen();
    tmux.keys("4"); // Chat about this
    const result = await sandbox.model.toolResult(TOOL_USE_ID);
    expect(result.is_error).toBe(true);
    expect(result.content).toContain("The user wants to clarify these questions.");
    const withdrawn = await sandbox.event("withdrawn");
    expect(withdrawn.askId).toBe(opened.askId);
    expect(withdrawn.data.origin).toBe("disconnected");
    expect(
      (await pageCall(sandbox, `/api/asks/${opened.askId}/answer`, { q1: "SQLite", q2: ["Auth"] }))
        .status,
    ).toBe(410);
  });

  it("route-away: no dialog, the spinner says where to answer, and a partial answer is refused with askuser's text", {
    timeout: SLOW,
  }, async () => {
    const sandbox = await claudeSandbox();
    await sandbox.askuser("setup", "claude-code", "--route-away");
    const tmux = await interactiveClaude(sandbox);
    const opened = await sandbox.event("opened");
    await tmux.waitFor("Answer on the askuser page (or run: askuser answer)");
    expect(tmux.screen()).not.toContain("Enter to select");
    await pageCall(sandbox, `/api/asks/${opened.askId}/answer`, { q2: ["Search"] });
    expect(await sandbox.model.toolResult(TOOL_USE_ID)).toEqual({
      tool_use_id: TOOL_USE_ID,
      is_error: true,
      content: [
        "PreToolUse:AskUserQuestion hook error: The user submitted the form but left some questions unanswered:",
        '"Which database?" = (no answer)',
        '"Which features?" = "Search"',
        'Unanswered: "Which database?". Do not assume answers to these; decide on your best judgement and say so, or ask again later if they matter.',
        "Answered on the answer page.",
      ].join("\n"),
    });
  });

  it("headless (claude -p with the SDK's permission prompt): answered on the page", {
    timeout: SLOW,
  }, async () => {
    const sandbox = await claudeSandbox();
    await sandbox.askuser("setup", "claude-code");
    const run = headlessClaude(sandbox, ["Ask me what to build"]);
    const opened = await sandbox.event("opened");
    await pageCall(sandbox, `/api/asks/${opened.askId}/answer`, {
      q1: "SQLite",
      q2: { selected: ["Auth", "Search"], comment: "keep it small" },
    });
    const { code } = await run;
    expect(code).toBe(0);
    expect((await sandbox.model.toolResult(TOOL_USE_ID)).content).toBe(FULL_FROM_PAGE);
  });

  it("headless, nobody answered: the run defers, and claude -p --resume asks again and takes the page's answer", {
    timeout: SLOW,
  }, async () => {
    const sandbox = await claudeSandbox();
    await sandbox.askuser("setup", "claude-code", "--defer-after", "0");
    const first = await headlessClaude(sandbox, ["Ask me what to build"]);
    expect(first.result.terminal_reason).toBe("tool_deferred");
    expect((first.result.deferred_tool_use as { id?: string } | undefined)?.id).toBe(TOOL_USE_ID);
    const withdrawn = await sandbox.event("withdrawn");
    expect(withdrawn.data.origin).toBe("timed_out");
    await sandbox.askuser("setup", "claude-code");
    const resumed = headlessClaude(sandbox, ["--resume", String(first.result.session_id)]);
    const reopened = await nextOpened(sandbox, withdrawn.askId);
    await pageCall(sandbox, `/api/asks/${reopened}/answer`, {
      q1: "SQLite",
      q2: { selected: ["Auth", "Search"], comment: "keep it small" },
    });
    expect((await resumed).code).toBe(0);
    expect((await sandbox.model.toolResult(TOOL_USE_ID)).content).toBe(FULL_FROM_PAGE);
  });
});

/** The user API as the page calls it (its surface is the page). */
async function pageCall(
  sandbox: Awaited<ReturnType<typeof claudeSandbox>>,
  path: string,
  body: unknown,
): Promise<{ status: number; json: unknown }> {
  const { call } = await import("../remote/support.ts");
  return call(sandbox.server, path, { body });
}

/** The id of the first ask opened after `previous`, waiting for it. */
function nextOpened(
  sandbox: Awaited<ReturnType<typeof claudeSandbox>>,
  previous: string,
): Promise<string> {
  return new Promise((resolve) => {
    const stop = sandbox.server.registry.subscribe((event) => {
      if (event.type === "opened" && event.askId !== previous) {
        stop();
        resolve(event.askId);
      }
    });
    const already = sandbox.server.registry.list().find((entry) => entry.id !== previous);
    if (already) {
      stop();
      resolve(already.id);
    }
  });
}
