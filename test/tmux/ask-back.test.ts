import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { AskInput } from "../../src/core/index.ts";
import { controlIn } from "../support/control-sequences.ts";
import { ASKUSER, terminalSandbox } from "../support/terminal-sandbox.ts";
import type { TmuxSession } from "../support/tmux.ts";
import { PICK_ONE, TWO_QUESTIONS } from "../tui/support/payloads.ts";

const terminals = terminalSandbox("askback");

/** The form at 80×24, its output going to a file (on screen it would wrap at 80 columns). */
function ask(payload: AskInput, flags = "") {
  const out = terminals.file("out.txt");
  const tmux = terminals.start(
    `${ASKUSER} ask ${terminals.payloadFile(payload)}${flags} > ${out}`,
    {
      width: 80,
      height: 24,
      reportExit: true,
    },
  );
  return { tmux, output: () => readFileSync(out, "utf8") };
}

/**
 * Enter until the form is gone: keys that come within moments of a paste are the rest of the
 * paste (a new line in the editor), so the first Enter may be text, as the paste rule intends.
 */
async function enterUntilExit(tmux: TmuxSession, editor: string): Promise<void> {
  const ended = (screen: string) => /\[exit \d+\]/u.test(screen);
  for (let screen = tmux.screen(); !ended(screen); ) {
    const before = screen;
    tmux.keys("Enter");
    // Either the form ended, or the Enter was the paste's and drew a new line in the editor
    // (which is still there: a form on its way out is waited for, not pressed again).
    screen = await tmux.waitFor((now) => ended(now) || (now !== before && now.includes(editor)));
  }
}

describe("askuser ask: asking back and switching a question's type in a real terminal", () => {
  it("? opens the ask-back editor; Enter sends it, prints the text for the agent, exits 3", async () => {
    const { tmux, output } = ask(TWO_QUESTIONS);
    await tmux.waitFor("? ask back");
    tmux.keys("1");
    await tmux.waitFor("Add a note to your answer (optional):");
    tmux.keys("Enter");
    await tmux.waitFor("[○ Checks]");
    tmux.text("?");
    await tmux.waitFor("Ask the agent about this question (sending ends this form):");
    tmux.text("Do Types run on every push?");
    await tmux.waitFor("Do Types run on every push?");
    tmux.keys("Enter");
    const { code, tty } = await tmux.exited();
    expect(output()).toBe(
      [
        'The user did not finish answering: instead they asked you a question about "Which checks?":',
        '"Do Types run on every push?"',
        "Answers given so far:",
        '"Which runtime?" = "Node"',
        `Answer the user's question in your reply first. Then call ask_user again with only the questions still open: "Which checks?". Do not assume answers to them, and do not ask again what is answered above.`,
        "",
      ].join("\n"),
    );
    expect(code).toBe(3);
    expect(tty).toBe("icanon");
  });

  it("a 10 KB pasted question with escape sequences is inert on screen and exact for the agent", async () => {
    const hostile = `${"\u001b]0;pwned\u0007\u001b[2J\u009b31m\u202e ".repeat(400)}end`;
    const { tmux, output } = ask(PICK_ONE, " --json");
    await tmux.waitFor("? ask back");
    tmux.text("?");
    await tmux.waitFor("Ask the agent about this question");
    tmux.paste(hostile);
    await tmux.waitFor(/\[paste #1 \d+ chars\]/u);
    expect(tmux.paneTitle()).not.toContain("pwned");
    await enterUntilExit(tmux, "Ask the agent about this question");
    const { code } = await tmux.exited();
    expect(code).toBe(3);
    const details = JSON.parse(output());
    const sent: string = details.clarification.question;
    // A terminal's editor keeps no C0 control (ESC, BEL are keys); C1 and bidi arrive exactly.
    const withoutC0 = Array.from(hostile)
      .filter((char) => (char.codePointAt(0) ?? 0) >= 0x20)
      .join("");
    expect(sent).toBe(withoutC0.trim());
    expect(controlIn(output())).toBeUndefined();
  });

  it("t switches the question to multi-select; the agent is told", async () => {
    const { tmux, output } = ask(PICK_ONE);
    await tmux.waitFor("t multi-select");
    tmux.text("t");
    await tmux.waitFor("❯ 1. [ ] Node");
    expect(tmux.screen()).toContain("t single-select");
    tmux.keys("Space", "Down", "Space", "Enter");
    const { code } = await tmux.exited();
    expect(output()).toBe(
      [
        "The user answered:",
        '"Which runtime?" = "Node, Deno"',
        'The user changed "Which runtime?" from single-select to multi-select while answering.',
        "",
      ].join("\n"),
    );
    expect(code).toBe(0);
  });
});
