import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { StreamText, waitFor } from "../../support/wait-for.ts";
import { mainText, releasePlan, usePageFixture } from "./page-fixture.ts";

const fixture = usePageFixture();
const NODE = fileURLToPath(new URL("../../../node_modules/.bin/node", import.meta.url));
const ASKER = fileURLToPath(new URL("./fixtures/ask-and-wait.ts", import.meta.url));
const DRAFT_TAKEN = "The agent's result holds the draft this page saved.";
const DRAFT_LOST = "Your draft did not reach the agent: the question ended without it.";

/** A separate asking process, as an agent is: its death is what the page must notice. */
/** Picks Refunds and saves that as the page's draft, once the server has taken it. */
async function saveRefundsDraft(page: Page): Promise<void> {
  await page.getByRole("checkbox", { name: /Refunds/ }).click();
  await page.locator('[data-action="confirm"]').click();
  const drafted = page.waitForResponse((r) => r.url().endsWith("/progress") && r.ok());
  await page.locator('[data-action="save-note"]').click();
  await drafted;
}

async function askFromAnotherProcess(): Promise<{
  child: ChildProcess;
  id: string;
  pageUrl: string;
}> {
  const server = await fixture.server();
  const child = spawn(NODE, [ASKER, JSON.stringify(releasePlan())], {
    env: { ...process.env, ...server.env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const [line = ""] = await new StreamText(child.stdout).line(
    /^\{.*\}$/u,
    "the asking process's published ask",
  );
  return { child, ...(JSON.parse(line) as { id: string; pageUrl: string }) };
}

describe("when the asking process goes away", () => {
  it("the page says the agent stopped waiting and offers no way to answer", async () => {
    const { child, pageUrl } = await askFromAnotherProcess();
    const { page } = await fixture.open(pageUrl);
    await page.getByRole("checkbox", { name: /Refunds/ }).click();
    child.kill("SIGKILL");
    await expect.poll(() => mainText(page)).toContain("The agent stopped waiting");
    const text = await mainText(page);
    expect(text).toContain("the asking process ended");
    expect(text).toContain(
      "This question can no longer be answered: your answers on this page were not sent.",
    );
    expect(await page.locator(".option, [data-action='submit']").count()).toBe(0);
  });

  it("a page that missed the news is refused visibly when it submits", async () => {
    const { child, pageUrl } = await askFromAnotherProcess();
    const { page, watch } = await fixture.open(pageUrl);
    await page.route("**/api/events", (route) => route.abort());
    await page.reload();
    // The draft reaches the server before the asker goes: a draft refused as too late would
    // tell the page the news this test wants it to miss.
    await saveRefundsDraft(page);
    child.kill("SIGKILL");
    const server = await fixture.server();
    await waitFor("the server to see the asker gone", server.registry, () =>
      server.registry.list().every((entry) => entry.state !== "pending"),
    );
    await page.locator('[data-tab="3"]').click();
    await page.locator('[data-action="submit"]').click();
    await page.locator('[data-action="submit"]').click();
    await expect.poll(() => mainText(page)).toContain("The agent stopped waiting");
    // The asker died holding no result with the page's draft in it: the page says so.
    expect(await mainText(page)).toContain(DRAFT_LOST);
    expect(watch.requests.filter((request) => request.endsWith("/answer"))).toHaveLength(1);
  });
});

describe("a draft the agent's result does not hold", () => {
  it("the question ended before the asking side took the page's draft: the page says the draft did not reach the agent, and keeps what was chosen in view, across a reload", async () => {
    const remote = await fixture.publish(releasePlan());
    const { page } = await fixture.open(remote.pageUrl);
    await saveRefundsDraft(page);
    // As the race withdraws an ask whose result it gave before it heard the page had the ask.
    await remote.withdraw("timed_out", { takesDraft: false });
    for (const shown of ["as it happens", "after a reload"]) {
      if (shown === "after a reload") await page.reload();
      await page.getByText(DRAFT_LOST).waitFor();
      const text = await mainText(page);
      expect(text, shown).toContain("The agent stopped waiting: the question timed out.");
      expect(text, shown).toContain("Features: Refunds");
      expect(text, shown).not.toContain("your answers on this page were not sent");
      expect(await page.locator(".option, [data-action='submit']").count(), shown).toBe(0);
    }
  });
});

describe("a draft the agent's result holds", () => {
  it("the agent stopped waiting and took the page's draft: the page never says its answers were not sent, across a reload", async () => {
    const remote = await fixture.publish(releasePlan());
    const { page } = await fixture.open(remote.pageUrl);
    await saveRefundsDraft(page);
    // As the race withdraws when the page's draft is the newest: the result holds it.
    await remote.withdraw("timed_out");
    for (const shown of ["as it happens", "after a reload"]) {
      if (shown === "after a reload") await page.reload();
      await page.getByText(DRAFT_TAKEN).waitFor();
      const text = await mainText(page);
      expect(text, shown).toContain("The agent stopped waiting: the question timed out.");
      expect(text, shown).not.toContain("were not sent");
      expect(text, shown).not.toContain(DRAFT_LOST);
    }
  });
});

describe("while the page's event stream is down", () => {
  it("retrying the stream does not redraw the page, so a button stays still to be clicked", async () => {
    const remote = await fixture.publish(releasePlan());
    const { page } = await fixture.open(remote.pageUrl);
    await page.clock.install();
    await page.route("**/api/events", (route) => route.abort());
    await page.reload();
    await page.getByRole("checkbox", { name: /Refunds/ }).waitFor();
    await expect.poll(() => page.locator(".connection").textContent()).toContain("offline");
    await page.evaluate(`
      window.redraws = 0;
      new MutationObserver(() => {
        window.redraws += 1;
      }).observe(document.getElementById("app"), { childList: true });
    `);
    // Past the retry pause (fake time), short of the page's half-minute refresh of ages.
    await page.clock.runFor(20_000);
    await expect.poll(() => page.locator(".connection").textContent()).toContain("offline");
    expect(await page.evaluate("window.redraws")).toBe(0);
  });
});
