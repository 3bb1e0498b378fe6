import { describe, expect, it } from "vitest";
import { modelText } from "../../../src/core/index.ts";
import { horizontalOverflow, mainText, releasePlan, usePageFixture } from "./page-fixture.ts";

const fixture = usePageFixture();

describe("the page's type switch and ask-back, as the terminal's t and ?", () => {
  it("switch then submit: the asking side's details carry presentedType, as the review showed", async () => {
    const remote = await fixture.publish(releasePlan());
    const { page, watch } = await fixture.open(remote.pageUrl);
    await page.locator('[data-tab="1"]').click();
    await page.locator('[data-action="switch-type"]').click();
    await page.getByRole("checkbox", { name: /REST \+ JSON/ }).click();
    await page.getByRole("checkbox", { name: /GraphQL/ }).click();
    await page.locator('[data-action="confirm"]').click();
    await page.locator('[data-tab="3"]').click();
    const review = await page.locator('[data-role="review"]').textContent();
    await page.locator('[data-action="submit"]').click();
    await page.locator('[data-action="submit"]').click();

    const end = await remote.ended;
    expect(end).toMatchObject({ kind: "resolved", by: "page" });
    expect(end.details?.presentedType).toEqual({
      api: { requested: "single", presented: "multi", changedBy: "user" },
    });
    expect(end.details?.answers.api?.selected).toHaveLength(2);
    expect(modelText(end.details!)).toBe(review);
    await expect.poll(() => mainText(page)).toContain("Sent. The agent received:");
    expect(watch.errors).toEqual([]);
  });

  it("multi to single with two picks needs a second press, said by the notice, and keeps the first", async () => {
    const remote = await fixture.publish(releasePlan());
    const { page } = await fixture.open(remote.pageUrl);
    await page.getByRole("checkbox", { name: /Refunds/ }).click();
    await page.getByRole("checkbox", { name: /Webhooks/ }).click();
    await page.keyboard.press("t");
    await expect.poll(() => mainText(page)).toContain("Switch again to confirm");
    expect(await page.getByRole("checkbox").count()).toBeGreaterThan(0);
    await page.locator('[data-action="switch-type"]').click();
    await expect.poll(() => page.getByRole("radio", { checked: true }).count()).toBe(1);
  });

  it("ask back: the asker's result is clarification_requested with the question typed", async () => {
    const remote = await fixture.publish(releasePlan());
    const { page } = await fixture.open(remote.pageUrl);
    await page.locator('[data-tab="1"]').click();
    await page.locator('[data-action="ask-back"]').click();
    await page.locator("#editor").fill("Do mobile clients need GraphQL?");
    await page.locator('[data-action="send-ask-back"]').click();

    const end = await remote.ended;
    expect(end).toMatchObject({ kind: "resolved", by: "page" });
    expect(end.details?.status).toBe("clarification_requested");
    expect(end.details?.clarification).toEqual({
      about: "api",
      question: "Do mobile clients need GraphQL?",
    });
    await expect.poll(() => mainText(page)).toContain("Sent. The agent received:");
    expect(await page.locator(".ended pre").textContent()).toBe(modelText(end.details!));
  });

  it("? opens the ask-back editor, Esc keeps it, and it all fits a 375 px phone", async () => {
    const remote = await fixture.publish(releasePlan());
    const { page } = await fixture.open(remote.pageUrl, { width: 375, height: 740 });
    // The key handler is the page's, so the question must be on it before the key is sent.
    await page.locator('[data-action="ask-back"]').waitFor();
    expect(await horizontalOverflow(page)).toEqual([]);
    await page.keyboard.press("Shift+?");
    await page.locator("#editor").fill("Why these three?");
    expect(await horizontalOverflow(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await expect.poll(() => page.locator("#editor").count()).toBe(0);
    await page.locator('[data-action="ask-back"]').click();
    expect(await page.locator("#editor").inputValue()).toBe("Why these three?");
    await page.locator('[data-action="close-ask-back"]').click();
    await page.locator('[data-action="switch-type"]').click();
    expect(await horizontalOverflow(page)).toEqual([]);
    for (const action of ["switch-type", "ask-back"]) {
      const box = await page.locator(`[data-action="${action}"]`).boundingBox();
      expect(box && box.height >= 40 && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    }
  });
});
