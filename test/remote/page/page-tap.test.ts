import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { askOf } from "../../support/asks.ts";
import { examplePayload, releasePlan, usePageFixture } from "./page-fixture.ts";

const fixture = usePageFixture();

/**
 * Injected before the page's own script: every time the DOM changes, the box of every option
 * row (a MutationObserver callback runs after the change, and reading a box lays the page out,
 * so each record is what the next frame paints); and every layout shift the browser reports
 * while a question shows.
 */
const PROBE = `(() => {
  const probe = { boxes: [], shifts: [] };
  window.__probe = probe;
  const answerable = () => document.querySelector(".option[data-row]:not([disabled])") !== null;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (answerable()) probe.shifts.push(entry.value);
  }).observe({ type: "layout-shift", buffered: true });
  const record = () => {
    if (!answerable()) return;
    const rows = [...document.querySelectorAll(".option[data-row]")].map((row) => {
      const box = row.getBoundingClientRect();
      return row.dataset.row + "@" + Math.round(box.left) + "," + Math.round(box.top) + " " + Math.round(box.width) + "x" + Math.round(box.height);
    });
    probe.boxes.push(rows.join(" | "));
  };
  addEventListener("DOMContentLoaded", () =>
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true }),
  );
})()`;

interface Probe {
  readonly boxes: string[];
  readonly shifts: number[];
}

const probeOf = (page: Page) => page.evaluate("window.__probe") as Promise<Probe>;

/** Where a thumb taps option `row` as the page shows it now: its upper middle. */
async function centreOf(page: Page, row: number): Promise<{ x: number; y: number }> {
  const box = await page.locator(`.option[data-row="${row}"]`).boundingBox();
  if (!box) throw new Error(`option ${row} is not shown`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 4 };
}

/**
 * A page showing no question, with the probe and a paused clock (the page's timers run only
 * when the test moves time); then an ask appears by itself, as one from an agent does.
 */
async function askAppearsUnder(colorScheme: "light" | "dark") {
  const server = await fixture.server();
  const opened = await fixture.open(
    server.answer.newPageUrl(),
    { width: 375, height: 740 },
    async (page) => {
      await page.emulateMedia({ colorScheme });
      await page.addInitScript(PROBE);
      await page.clock.install();
    },
  );
  const { page } = opened;
  await page.getByText("No agent is waiting").waitFor();
  await page.clock.pauseAt(Date.now() + 60_000);
  const remote = await fixture.publish(askOf(examplePayload("database")));
  await page.locator(".option").first().waitFor();
  return { ...opened, remote };
}

/** What the tap ended in: the answer the agent got, or the Other editor it opened. */
async function outcomeOfTap(
  page: Page,
  remote: { ended: Promise<{ details?: { answers: unknown } }> },
) {
  await page.locator(".ended, #editor").first().waitFor();
  if ((await page.locator("#editor").count()) > 0) return "the Other editor opened";
  return (await remote.ended).details?.answers;
}

const POSTGRES = { database: { selected: ["Postgres (Recommended)"] } };

const answerPosts = (requests: readonly string[]) =>
  requests.filter((request) => request.endsWith("/answer"));

describe("a tap lands on what the user aimed at, while a question appears and is held", () => {
  for (const colorScheme of ["light", "dark"] as const) {
    it(`at 375 px, ${colorScheme}: taps at option 1's first spot at 100, 300, 550 and 650 ms answer option 1 or nothing, and nothing moves`, async () => {
      const { page, watch, remote } = await askAppearsUnder(colorScheme);
      const aimed = await centreOf(page, 0);
      let elapsed = 0;
      for (const at of [100, 300, 550, 650]) {
        await page.clock.runFor(at - elapsed);
        elapsed = at;
        await page.mouse.click(aimed.x, aimed.y);
        if (answerPosts(watch.requests).length > 0) break;
        expect(await page.locator('.option[aria-checked="true"]').count()).toBe(0);
      }
      expect(await outcomeOfTap(page, remote)).toEqual(POSTGRES);
      const probe = await probeOf(page);
      expect(probe.boxes.length).toBeGreaterThan(1);
      expect(new Set(probe.boxes)).toEqual(new Set([probe.boxes[0]]));
      expect(probe.shifts.reduce((sum, value) => sum + value, 0)).toBe(0);
    });

    it(`at 375 px, ${colorScheme}: one tap at option 1's first spot, alone at 100, 300, 550 or 650 ms, answers option 1 or nothing`, async () => {
      for (const at of [100, 300, 550, 650]) {
        const { page, watch, remote } = await askAppearsUnder(colorScheme);
        const aimed = await centreOf(page, 0);
        await page.clock.runFor(at);
        await page.mouse.click(aimed.x, aimed.y);
        if (at < 600) {
          await page.getByText("Just opened").waitFor();
          expect(answerPosts(watch.requests)).toEqual([]);
          expect(await page.locator('.option[aria-checked="true"]').count()).toBe(0);
        } else {
          expect(await outcomeOfTap(page, remote)).toEqual(POSTGRES);
        }
        // The next round starts from a page showing no question again.
        await remote.withdraw("session_closed");
        await page.context().close();
      }
    });

    it(`at 375 px, ${colorScheme}: a tap held by the guard, then one at the spot option 1 shows just before the guard ends, answers option 1`, async () => {
      const { page, remote } = await askAppearsUnder(colorScheme);
      const firstSpot = await centreOf(page, 0);
      await page.clock.runFor(100);
      await page.mouse.click(firstSpot.x, firstSpot.y);
      // The held tap is said where the user can see it.
      await page.getByText(/Just opened/).waitFor();
      await page.clock.runFor(450);
      const seen = await centreOf(page, 0);
      await page.clock.runFor(100);
      await page.mouse.click(seen.x, seen.y);
      expect(await outcomeOfTap(page, remote)).toEqual(POSTGRES);
    });
  }
});

describe("a tap counts only where it began, on a page that moves", () => {
  /** The database ask opened from its own address (nothing held), with the page's clock paused. */
  async function openedAsk() {
    const remote = await fixture.publish(askOf(examplePayload("database")));
    const opened = await fixture.open(remote.pageUrl, { width: 375, height: 740 }, (page) =>
      page.clock.install(),
    );
    await opened.page.locator(".option").first().waitFor();
    await opened.page.clock.pauseAt(Date.now() + 60_000);
    return { ...opened, remote };
  }

  it("a press whose control moves before the finger lifts is not a click; a tap just after a move that would send asks for a second tap", async () => {
    const { page, watch, remote } = await openedAsk();
    const spot = await centreOf(page, 0);
    await page.mouse.move(spot.x, spot.y);
    await page.mouse.down();
    // The page reflows under the finger (a rotation, the keyboard, a notice).
    await page.setViewportSize({ width: 360, height: 740 });
    await page.mouse.up();
    await page.getByText("That tap was not taken").waitFor();
    expect(await page.locator('.option[aria-checked="true"]').count()).toBe(0);

    // Within a moment of the move, a tap that would send the one-question ask is confirmed first.
    const moved = await centreOf(page, 0);
    await page.mouse.click(moved.x, moved.y);
    await page.getByText("tap “Postgres (Recommended)” again to send it").waitFor();
    expect(answerPosts(watch.requests)).toEqual([]);
    expect(await page.locator(".option.highlighted").getAttribute("data-row")).toBe("0");
    await page.mouse.click(moved.x, moved.y);
    expect(await outcomeOfTap(page, remote)).toEqual(POSTGRES);
  });

  it("a press whose control is drawn again before the finger lifts (a new ask arrives) is not taken, and says so", async () => {
    const { page, watch } = await openedAsk();
    const spot = await centreOf(page, 0);
    await page.mouse.move(spot.x, spot.y);
    await page.mouse.down();
    // Another agent asks: the page draws itself again, every control a new element, the
    // options where they were.
    await fixture.publish(releasePlan());
    await page.getByText("2 questions waiting").waitFor();
    await page.mouse.up();
    await page.getByText("That tap was not taken").waitFor();
    expect(await page.locator('.option[aria-checked="true"]').count()).toBe(0);
    expect(answerPosts(watch.requests)).toEqual([]);
  });

  it("a press drawn again, then slid onto another option before the finger lifts, takes neither", async () => {
    const { page, watch } = await openedAsk();
    const pressed = await centreOf(page, 0);
    await page.mouse.move(pressed.x, pressed.y);
    await page.mouse.down();
    await fixture.publish(releasePlan());
    await page.getByText("2 questions waiting").waitFor();
    const other = await centreOf(page, 1);
    await page.mouse.move(other.x, other.y);
    await page.mouse.up();
    await page.getByText("That tap was not taken").waitFor();
    expect(await page.locator('.option[aria-checked="true"]').count()).toBe(0);
    expect(answerPosts(watch.requests)).toEqual([]);
  });

  it("a tap well after the last move sends at once, as before", async () => {
    const { page, remote } = await openedAsk();
    await page.setViewportSize({ width: 360, height: 740 });
    await page.locator(".option").first().waitFor();
    await page.clock.runFor(1000);
    const spot = await centreOf(page, 1);
    await page.mouse.click(spot.x, spot.y);
    expect(await outcomeOfTap(page, remote)).toEqual({ database: { selected: ["SQLite"] } });
  });
});

describe("a tab that comes back", () => {
  it("holds taps for a moment as the tab is shown again, as the terminal form does when it regains the screen", async () => {
    const remote = await fixture.publish(askOf(examplePayload("database")));
    const { page, watch } = await fixture.open(
      remote.pageUrl,
      { width: 375, height: 740 },
      async (page) => {
        await page.addInitScript(`(() => {
          let hidden = false;
          Object.defineProperty(document, "visibilityState", { get: () => (hidden ? "hidden" : "visible") });
          window.__setHidden = (value) => { hidden = value; document.dispatchEvent(new Event("visibilitychange")); };
        })()`);
        await page.clock.install();
      },
    );
    await page.locator(".option").first().waitFor();
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.evaluate("window.__setHidden(true)");
    await page.clock.runFor(5000);
    await page.evaluate("window.__setHidden(false)");
    const spot = await centreOf(page, 1);
    await page.clock.runFor(100);
    await page.mouse.click(spot.x, spot.y);
    await page.getByText("Just opened").waitFor();
    expect(answerPosts(watch.requests)).toEqual([]);
    await page.clock.runFor(600);
    await page.mouse.click(spot.x, spot.y);
    expect(await outcomeOfTap(page, remote)).toEqual({ database: { selected: ["SQLite"] } });
  });
});
