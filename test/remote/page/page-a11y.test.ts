import { appendFileSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { PREVIEWS, releasePlan, usePageFixture } from "./page-fixture.ts";

const fixture = usePageFixture();

/** axe-core, the standard accessibility engine, run inside the page as a DevTools evaluation (the page's CSP allows no injected script tag). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core"), "utf8");

/** Setting this to a file appends every state's results there (the figures in the docs). */
const REPORT = process.env.ASKUSER_AXE_REPORT;

interface Violation {
  readonly id: string;
  readonly impact: string | null;
  readonly nodes: readonly { readonly target: readonly string[] }[];
}

/**
 * Runs axe on the page as it is. axe ends each rule with a zero-delay timer, which a paused page
 * clock (the hold being looked at) would never fire: during the run, zero-delay timers become
 * microtasks; the page's own timers (all with a delay) stay on the page's clock.
 */
async function axe(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate("typeof window.axe === 'object'"))) await page.evaluate(AXE_SOURCE);
  return (await page.evaluate(`(async () => {
    const pageTimer = window.setTimeout;
    window.setTimeout = (run, ms, ...args) => {
      if (ms) return pageTimer(run, ms, ...args);
      queueMicrotask(() => run(...args));
      return 0;
    };
    try {
      const result = await axe.run(document, { resultTypes: ["violations"] });
      return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => ({ target: n.target })) }));
    } finally {
      window.setTimeout = pageTimer;
    }
  })()`)) as Violation[];
}

describe("accessibility: axe-core finds nothing serious or critical in any state", () => {
  for (const colorScheme of ["light", "dark"] as const) {
    for (const width of [375, 1280]) {
      it(`${colorScheme}, ${width} px`, async () => {
        const found: string[] = [];
        const check = async (page: Page, state: string) => {
          const violations = await axe(page);
          const serious = violations.filter(
            (v) => v.impact === "serious" || v.impact === "critical",
          );
          if (REPORT) {
            const summary = violations.map((v) => `${v.impact} ${v.id} ×${v.nodes.length}`);
            appendFileSync(
              REPORT,
              `${colorScheme}\t${width}\t${state}\t${summary.join("; ") || "none"}\n`,
            );
          }
          for (const v of serious) {
            found.push(
              `${state}: ${v.impact} ${v.id} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
            );
          }
        };
        const server = await fixture.server();
        const { page } = await fixture.open(
          server.answer.newPageUrl(),
          { width, height: 800 },
          async (page) => {
            await page.emulateMedia({ colorScheme });
            await page.clock.install();
          },
        );
        await page.getByText("No agent is waiting").waitFor();
        await check(page, "no question waiting");

        await page.clock.pauseAt(Date.now() + 60_000);
        await fixture.publish(PREVIEWS);
        await page.locator(".option").first().waitFor();
        await page.clock.runFor(100);
        await page.locator('.option[data-row="2"]').click();
        await page.getByText("Just opened").waitFor();
        await check(page, "a tap held as the question appears");
        await page.clock.runFor(1000);
        await page.clock.resume();
        await page.locator(".cue:not(.shown)").waitFor({ state: "attached" });
        await check(page, "a question with previews");

        const plan = await fixture.publish(releasePlan());
        await page.locator(`[data-ask="${plan.id}"]`).click();
        await page.getByRole("checkbox", { name: /Webhooks/ }).click();
        await check(page, "a multi-select question, one option checked");
        await page.getByRole("checkbox", { name: /^Other/ }).click();
        await page.locator("#editor").fill("Audit log");
        await check(page, "the Other editor");
        await page.locator('[data-action="save-other"]').click();
        await page.locator('[data-action="confirm"]').click();
        await page.locator('[data-action="save-note"]').waitFor();
        await check(page, "the note editor");
        await page.locator('[data-action="save-note"]').click();
        await page.locator('[data-action="ask-back"]').click();
        await page.locator('[data-action="send-ask-back"]').waitFor();
        await check(page, "the ask-back editor");
        await page.locator('[data-action="close-ask-back"]').click();
        await page.locator('[data-tab="3"]').click();
        await page.locator('[data-role="review"]').waitFor();
        await check(page, "the review tab");
        await page.locator('[data-action="cancel"]').click();
        await page.locator('[data-action="confirm-cancel"]').waitFor();
        await check(page, "the cancel confirmation");
        await page.locator('[data-action="keep-answering"]').click();
        await page.locator('[data-action="submit"]').click();
        await page.locator('[data-action="submit"]').click();
        await page.getByText("Sent. The agent received:").waitFor();
        await check(page, "an answer sent");

        const late = await fixture.publish(releasePlan());
        await page.locator(`[data-ask="${late.id}"]`).click();
        await page.getByRole("checkbox", { name: /Refunds/ }).click();
        await page.locator('[data-action="confirm"]').click();
        const drafted = page.waitForResponse((r) => r.url().endsWith("/progress") && r.ok());
        await page.locator('[data-action="save-note"]').click();
        await drafted;
        await late.withdraw("timed_out", { takesDraft: false });
        await page.getByText("Your draft did not reach the agent").waitFor();
        await check(page, "a draft that did not reach the agent");
        expect(found).toEqual([]);
      });
    }
  }
});

/** The focused element as a name, and whether its focus ring shows (3 px outline or more). */
const FOCUSED = `(() => {
  const element = document.activeElement;
  if (!element || element === document.body) return { name: "body", ring: false };
  (window.__tabbed ??= new Set()).add(element);
  const style = getComputedStyle(element);
  const name = element.tagName.toLowerCase() + (element.dataset.action ? "[" + element.dataset.action + "]" : "") + (element.dataset.row ? "[row " + element.dataset.row + "]" : "");
  return { name, ring: style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2 };
})()`;

describe("keyboard and motion", () => {
  it("Tab reaches every control of a question with previews, each with a visible focus ring", async () => {
    const remote = await fixture.publish(PREVIEWS);
    const { page } = await fixture.open(remote.pageUrl, { width: 375, height: 800 });
    await page.locator(".option").first().waitFor();
    const controls = await page.locator("button:visible, textarea:visible, [tabindex='0']").count();
    const reached: { name: string; ring: boolean }[] = [];
    for (let press = 0; press < controls; press += 1) {
      await page.keyboard.press("Tab");
      reached.push((await page.evaluate(FOCUSED)) as { name: string; ring: boolean });
    }
    expect(reached.filter((stop) => !stop.ring)).toEqual([]);
    expect(await page.evaluate("window.__tabbed.size")).toBe(controls);
    expect(reached.map((stop) => stop.name)).toContain("button[preview]");
    expect(reached.map((stop) => stop.name)).toContain("pre");
  });

  it("prefers-reduced-motion: nothing on the page moves or fades by itself", async () => {
    const remote = await fixture.publish(PREVIEWS);
    const { page } = await fixture.open(remote.pageUrl, { width: 375, height: 800 }, (page) =>
      page.emulateMedia({ reducedMotion: "reduce" }),
    );
    await page.locator(".option").first().waitFor();
    const moving = await page.evaluate(`[...document.querySelectorAll("*")].filter((element) => {
      const style = getComputedStyle(element);
      return style.transitionDuration.split(",").some((d) => parseFloat(d) > 0) || style.animationName !== "none";
    }).map((element) => element.tagName + "." + element.className)`);
    expect(moving).toEqual([]);
  });
});
