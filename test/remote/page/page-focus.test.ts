import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { askOf } from "../../support/asks.ts";
import { releasePlan, usePageFixture } from "./page-fixture.ts";

const fixture = usePageFixture();

const SECOND = askOf({
  questions: [
    {
      header: "Port",
      question: "Which port?",
      options: [{ label: "8080" }, { label: "3000" }],
    },
  ],
});

/** Another agent asks: the event stream brings it, and the page draws itself anew. */
async function anotherAskArrives(page: Page): Promise<void> {
  await fixture.publish(SECOND, { agent: "claude-code", cwd: "/home/me/api", pid: process.pid });
  await page.locator("[data-ask]").nth(1).waitFor();
}

/** The focused element as tag, data attributes and id (run in the page as text: no DOM types here). */
const focused = (page: Page) =>
  page.evaluate(`(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return "nothing";
    const id = element.id ? " #" + element.id : "";
    return element.tagName.toLowerCase() + " " + JSON.stringify({ ...element.dataset }) + id;
  })()`);

describe("the page keeps keyboard focus when it draws itself anew", () => {
  it("a list entry the user moved to keeps focus after using the form's keys", async () => {
    const remote = await fixture.publish(releasePlan());
    const { page } = await fixture.open(remote.pageUrl);
    await page.locator(".option").first().waitFor();
    await page.keyboard.press("ArrowDown");
    await page.locator(`[data-ask="${remote.id}"]`).focus();
    await anotherAskArrives(page);
    expect(await focused(page)).toBe(`button {"ask":"${remote.id}"}`);
  });

  it("a question's tab the user moved to keeps focus", async () => {
    const remote = await fixture.publish(releasePlan());
    const { page } = await fixture.open(remote.pageUrl);
    await page.locator(".option").first().waitFor();
    await page.locator('[data-tab="1"]').focus();
    await anotherAskArrives(page);
    expect(await focused(page)).toBe('button {"tab":"1"}');
  });

  it("an option the user moved to with Tab keeps focus, not the highlighted one", async () => {
    const remote = await fixture.publish(releasePlan());
    const { page } = await fixture.open(remote.pageUrl);
    await page.locator(".option").first().waitFor();
    await page.locator('.option[data-row="2"]').focus();
    await anotherAskArrives(page);
    expect(await focused(page)).toBe('button {"row":"2"}');
  });

  it("the answer being typed keeps focus, text and selection", async () => {
    const remote = await fixture.publish(SECOND);
    const { page } = await fixture.open(remote.pageUrl);
    await page.locator(".option").first().waitFor();
    await page.keyboard.press("3");
    await page.locator("#editor").waitFor();
    await page.keyboard.type("port 5432 please");
    await page.evaluate(`document.getElementById("editor").setSelectionRange(5, 9)`);
    await anotherAskArrives(page);
    expect(await focused(page)).toBe("textarea {} #editor");
    expect(
      await page.evaluate(`(() => {
        const editor = document.getElementById("editor");
        return [editor.value, editor.selectionStart, editor.selectionEnd];
      })()`),
    ).toEqual(["port 5432 please", 5, 9]);
  });

  it("a tapped option that moves the form to its next question leaves no focus on that question's look-alike row", async () => {
    const twoQuestions = askOf({
      questions: [
        {
          header: "Port",
          question: "Which port?",
          options: [{ label: "8080" }, { label: "3000" }],
        },
        { header: "Host", question: "Which host?", options: [{ label: "a" }, { label: "b" }] },
      ],
    });
    const remote = await fixture.publish(twoQuestions);
    const { page } = await fixture.open(remote.pageUrl);
    await page.locator('.option[data-row="1"]').click();
    await page.getByText("Which host?").waitFor();
    // Enter now would act on a focused row of the new question, one the user never chose.
    expect(await focused(page)).not.toBe('button {"row":"1"}');
  });

  it("a question's tab chosen with Enter keeps focus as its question shows", async () => {
    const remote = await fixture.publish(releasePlan());
    const { page } = await fixture.open(remote.pageUrl);
    await page.locator(".option").first().waitFor();
    await page.locator('[data-tab="1"]').focus();
    await page.keyboard.press("Enter");
    await page.locator('[data-tab="1"][aria-selected="true"]').waitFor();
    expect(await focused(page)).toBe('button {"tab":"1"}');
  });
});
