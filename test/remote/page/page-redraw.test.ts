import type { Page, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { askOf } from "../../support/asks.ts";
import { examplePayload, usePageFixture } from "./page-fixture.ts";

const fixture = usePageFixture();

/**
 * Injected before the page's own script: `window.__listsRead(n)` settles once the page has read
 * the list of asks `n` times and drawn what it read (a task queued as the list's body is parsed
 * runs after every microtask the page chains on it, its render included).
 */
const LIST_PROBE = `(() => {
  let read = 0;
  const waiters = [];
  const settle = () => {
    for (const waiter of waiters.splice(0)) {
      if (read >= waiter.n) waiter.resolve(read);
      else waiters.push(waiter);
    }
  };
  const realFetch = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const response = await realFetch(input, init);
    const url = new URL(typeof input === "string" ? input : input.url, location.href);
    if (url.pathname !== "/api/asks") return response;
    const json = response.json.bind(response);
    response.json = () =>
      json().finally(() =>
        setTimeout(() => {
          read += 1;
          settle();
        }, 0),
      );
    return response;
  };
  window.__listsRead = (n) => new Promise((resolve) => {
    waiters.push({ n, resolve });
    settle();
  });
})()`;

const listsRead = (page: Page, n: number) => page.evaluate(`window.__listsRead(${n})`);

/**
 * The database ask opened from its own address with its event stream held back: the page shows
 * the question (read from the list once) and is still connecting. `goLive` lets the stream
 * through: the page goes live and reads the same list again, drawing a view that is the same.
 */
async function openedBeforeLive() {
  const remote = await fixture.publish(askOf(examplePayload("database")));
  const streams: Route[] = [];
  const waiting: Array<(route: Route) => void> = [];
  const nextStream = () =>
    new Promise<Route>((resolve) => {
      const route = streams.shift();
      if (route) resolve(route);
      else waiting.push(resolve);
    });
  const opened = await fixture.open(remote.pageUrl, { width: 375, height: 740 }, async (page) => {
    await page.addInitScript(LIST_PROBE);
    await page.route("**/api/events", (route) => {
      const taker = waiting.shift();
      if (taker) taker(route);
      else streams.push(route);
    });
  });
  const { page } = opened;
  await page.locator(".option").first().waitFor();
  await listsRead(page, 1);
  const goLive = async () => {
    await (await nextStream()).continue();
    await page.locator(".connection.live").waitFor();
    await listsRead(page, 2);
  };
  /**
   * The stream goes live and ends at once (the server went away): the page says it lost the
   * server and asks again in a millisecond, which is held until `comeBack`, when it goes live
   * again and reads the same list a third time.
   */
  const dropStream = async () => {
    await (await nextStream()).fulfill({
      status: 200,
      headers: { "content-type": "text/event-stream" },
      body: "retry: 1\n\n",
    });
    await page.locator(".connection.lost").waitFor();
    await listsRead(page, 2);
    const again = await nextStream();
    return async () => {
      await again.continue();
      await page.locator(".connection.live").waitFor();
      await listsRead(page, 3);
    };
  };
  return { ...opened, remote, goLive, dropStream };
}

async function centreOf(page: Page, row: number): Promise<{ x: number; y: number }> {
  const box = await page.locator(`.option[data-row="${row}"]`).boundingBox();
  if (!box) throw new Error(`option ${row} is not shown`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 4 };
}

describe("a redraw that changes nothing the user sees keeps the controls", () => {
  it("a finger down on an option while the stream goes live and the list is read again: the tap is taken", async () => {
    const { page, remote, goLive } = await openedBeforeLive();
    const spot = await centreOf(page, 1);
    await page.mouse.move(spot.x, spot.y);
    await page.mouse.down();
    await goLive();
    await page.mouse.up();
    await page.locator(".ended, .cue.shown").first().waitFor();
    expect(await page.getByText("That tap was not taken").count()).toBe(0);
    expect((await remote.ended).details?.answers).toEqual({ database: { selected: ["SQLite"] } });
  });

  it("a finger down on an option while the stream is lost and comes back: the tap is taken", async () => {
    const { page, remote, dropStream } = await openedBeforeLive();
    const comeBack = await dropStream();
    const spot = await centreOf(page, 0);
    await page.mouse.move(spot.x, spot.y);
    await page.mouse.down();
    await comeBack();
    await page.mouse.up();
    await page.locator(".ended, .cue.shown").first().waitFor();
    expect(await page.getByText("That tap was not taken").count()).toBe(0);
    expect((await remote.ended).details?.answers).toEqual({
      database: { selected: ["Postgres (Recommended)"] },
    });
  });

  it("an unchanged option is the same element after the stream goes live and the list is read again", async () => {
    const { page, goLive } = await openedBeforeLive();
    await page.evaluate(`window.__shown = document.querySelector('.option[data-row="1"]')`);
    await goLive();
    const same = await page.evaluate(
      `window.__shown.isConnected && window.__shown === document.querySelector('.option[data-row="1"]')`,
    );
    expect(same).toBe(true);
  });
});

describe("the ages shown move on by themselves, without drawing the page again", () => {
  /** The database ask opened from its own address, with the page's clock paused just after. */
  async function openedWithClock() {
    const remote = await fixture.publish(askOf(examplePayload("database")));
    const opened = await fixture.open(remote.pageUrl, { width: 375, height: 740 }, (page) =>
      page.clock.install(),
    );
    await opened.page.locator(".option").first().waitFor();
    await opened.page.clock.pauseAt(Date.now() + 1_000);
    return { ...opened, remote };
  }

  it("a finger down on an option as the ages tick over: the tap is taken", async () => {
    const { page, remote } = await openedWithClock();
    const spot = await centreOf(page, 1);
    await page.mouse.move(spot.x, spot.y);
    await page.mouse.down();
    await page.clock.runFor(60_000);
    await page.locator(".ask .age", { hasText: "1 min ago" }).waitFor();
    await page.mouse.up();
    await page.locator(".ended, .cue.shown").first().waitFor();
    expect(await page.getByText("That tap was not taken").count()).toBe(0);
    expect((await remote.ended).details?.answers).toEqual({ database: { selected: ["SQLite"] } });
  });

  it("the list's age and the open ask's age both say how long the ask has waited, on the same controls", async () => {
    const { page } = await openedWithClock();
    await page.evaluate(`window.__shown = document.querySelector('.option[data-row="1"]')`);
    expect(await page.locator(".age").allTextContents()).toEqual(["just now", "just now"]);
    await page.clock.runFor(5 * 60_000);
    await page.locator(".ask .age", { hasText: "5 min ago" }).waitFor();
    expect(await page.locator(".age").allTextContents()).toEqual(["5 min ago", "5 min ago"]);
    const same = await page.evaluate(
      `window.__shown.isConnected && window.__shown === document.querySelector('.option[data-row="1"]')`,
    );
    expect(same).toBe(true);
  });
});
