import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser.ts";
import {
  type ClaudeSandbox,
  claudeMissing,
  claudeSandbox,
  interactiveClaude,
  TOOL_USE_ID,
} from "./claude-sandbox.ts";

const missing = claudeMissing();

/** A real Claude Code and a browser each start on a loaded machine. */
const SLOW = 120_000;

let browser: Browser | undefined;
beforeAll(async () => {
  if (!missing) browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

/** The ask's page on a 375 px phone, touch on, signed in with a fresh one-time code. */
async function phone(sandbox: ClaudeSandbox, askId: string): Promise<Page> {
  if (!browser) throw new Error("no browser");
  const context = await browser.newContext({
    viewport: { width: 375, height: 740 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  await page.goto(sandbox.server.answer.newPageUrl(askId));
  return page;
}

describe.skipIf(missing !== undefined)(
  "the real Claude Code, its dialog open, and the page on a phone",
  () => {
    it("tapping the page's controls answers the dialog: the model gets the dialog's own answer text", {
      timeout: SLOW,
    }, async () => {
      const sandbox = await claudeSandbox(undefined, { page: true });
      await sandbox.askuser("setup", "claude-code");
      const tmux = await interactiveClaude(sandbox);
      const opened = await sandbox.event("opened");
      await tmux.waitFor("Enter to select");
      const page = await phone(sandbox, opened.askId);
      await page.getByRole("radio", { name: /SQLite/ }).tap();
      await page.locator('[data-action="save-note"]').tap();
      await page.getByRole("checkbox", { name: /Auth/ }).tap();
      await page.getByRole("checkbox", { name: /Search/ }).tap();
      await page.locator('[data-action="confirm"]').tap();
      await page.locator("#editor").fill("keep it small");
      await page.locator('[data-action="save-note"]').tap();
      await page.locator('[data-action="submit"]').tap();
      expect(await sandbox.model.toolResult(TOOL_USE_ID)).toEqual({
        tool_use_id: TOOL_USE_ID,
        is_error: false,
        content:
          'The user answered: "Which database?"="SQLite" notes: (answered on the answer page), "Which features?"="Auth, Search" notes: keep it small (answered on the answer page). Read the answers carefully — they may request clarification, changes, or that you not proceed — and follow what they actually say.',
      });
      await tmux.waitFor("Allowed by PermissionRequest hook");
    });

    it("answered in the terminal first: the open page says so, with the terminal's answer", {
      timeout: SLOW,
    }, async () => {
      const sandbox = await claudeSandbox(undefined, { page: true });
      await sandbox.askuser("setup", "claude-code");
      const tmux = await interactiveClaude(sandbox);
      const opened = await sandbox.event("opened");
      await tmux.waitFor("Enter to select");
      const page = await phone(sandbox, opened.askId);
      await page.getByRole("radio", { name: /SQLite/ }).waitFor();
      // Digits act at once in Claude Code's dialog (see real-claude.test.ts).
      tmux.keys("2"); // SQLite
      await tmux.waitFor("[ ] Search");
      tmux.keys("2"); // Search
      await tmux.waitFor("[✔] Search");
      tmux.keys("Tab");
      await tmux.waitFor("1. Submit answers");
      tmux.keys("1");
      await page.getByText("Answered in the terminal.").waitFor();
      expect(await page.locator(".ended pre").textContent()).toBe(
        'The user answered:\n"Which database?" = "SQLite"\n"Which features?" = "Search"',
      );
      expect((await sandbox.model.toolResult(TOOL_USE_ID)).content).toBe(
        'Your questions have been answered: "Which database?"="SQLite", "Which features?"="Search". You can now continue with these answers in mind.',
      );
    });
  },
);
