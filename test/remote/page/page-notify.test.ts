import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { askOf } from "../../support/asks.ts";
import { AGENT, examplePayload, releasePlan, usePageFixture } from "./page-fixture.ts";

const fixture = usePageFixture();

/**
 * Before the page loads: the tab's visibility is the test's to set (a headless tab is always
 * visible), and every notification the page makes is recorded, with the last one kept to click.
 */
const FAKE_TAB = `(() => {
  let hidden = false;
  Object.defineProperty(document, "visibilityState", { get: () => (hidden ? "hidden" : "visible") });
  Object.defineProperty(document, "hidden", { get: () => hidden });
  window.__setHidden = (value) => {
    hidden = value;
    document.dispatchEvent(new Event("visibilitychange"));
  };
  window.__notes = [];
  const Real = window.Notification;
  window.Notification = class extends Real {
    constructor(title, options) {
      super(title, options);
      window.__notes.push({ title, body: options?.body, tag: options?.tag });
      window.__lastNote = this;
    }
  };
})()`;

async function openWatched(url: string, grant: boolean) {
  const server = await fixture.server();
  return fixture.open(url, { width: 375, height: 740 }, async (page) => {
    if (grant) {
      await page.context().grantPermissions(["notifications"], { origin: server.answer.base });
    }
    await page.addInitScript(FAKE_TAB);
  });
}

/** The page's window as predicates run in the page see it (its CSP forbids evaluating strings). */
type PageWindow = { __notes: unknown[]; document: { title: string } };

const notes = (page: Page) =>
  page.evaluate("window.__notes") as Promise<{ title: string; body: string }[]>;

describe("an inbox that tells you", () => {
  it("once the user turns it on, a question arriving while the tab is hidden shows in the title and as a notification naming the agent and header; clicking it opens that ask", async () => {
    const first = await fixture.publish(releasePlan());
    const { page } = await openWatched(first.pageUrl, true);
    await page.locator(".option").first().waitFor();
    const notify = page.getByRole("button", { name: "Notify me" });
    expect(await notify.getAttribute("aria-pressed")).toBe("false");
    await notify.click();
    await page.locator('[data-action="notify"][aria-pressed="true"]').waitFor();

    await page.evaluate("window.__setHidden(true)");
    const second = await fixture.publish(askOf(examplePayload("database")), {
      ...AGENT,
      agent: "claude",
    });
    await page.waitForFunction(() => (globalThis as unknown as PageWindow).__notes.length === 1);
    expect(await notes(page)).toEqual([
      { title: "claude asks", body: "Database", tag: `askuser:${second.id}` },
    ]);
    expect(await page.title()).toMatch(/^\(2\) /u);
    await page.evaluate("window.__lastNote.dispatchEvent(new Event('click'))");
    await page.locator(`[data-ask="${second.id}"][aria-current="true"]`).waitFor();
    expect(await page.locator("h2.question-text").textContent()).toContain("Which database");
  });

  it("is off by default: the title still counts, and no notification is made", async () => {
    const server = await fixture.server();
    const { page } = await openWatched(server.answer.newPageUrl(), true);
    await page.getByText("No agent is waiting").waitFor();
    await page.evaluate("window.__setHidden(true)");
    await fixture.publish(releasePlan());
    await page.waitForFunction(() =>
      (globalThis as unknown as PageWindow).document.title.startsWith("(1) "),
    );
    expect(await notes(page)).toEqual([]);
  });

  it("the opt-in survives a reload; a browser that refuses says so", async () => {
    const remote = await fixture.publish(releasePlan());
    const refused = await openWatched(remote.pageUrl, false);
    await refused.page.evaluate("Notification.requestPermission = async () => 'denied'");
    await refused.page.getByRole("button", { name: "Notify me" }).click();
    await refused.page.getByText("Notifications are blocked for this page").waitFor();

    const granted = await openWatched(await fixture.freshUrl(remote.id), true);
    await granted.page.getByRole("button", { name: "Notify me" }).click();
    await granted.page.locator('[data-action="notify"][aria-pressed="true"]').waitFor();
    await granted.page.reload();
    await granted.page.locator('[data-action="notify"][aria-pressed="true"]').waitFor();
  });
});
