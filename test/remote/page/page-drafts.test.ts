import { describe, expect, it } from "vitest";
import { askOf } from "../../support/asks.ts";
import { examplePayload, releasePlan, usePageFixture } from "./page-fixture.ts";

const fixture = usePageFixture();

describe("drafts survive moving between asks", () => {
  it("typed ask-back and Other text stay when the user taps list entries, even once the server's draft is another browser's", async () => {
    const plan = await fixture.publish(releasePlan());
    const database = await fixture.publish(askOf(examplePayload("database")));
    const { page } = await fixture.open(plan.pageUrl, { width: 375, height: 740 });
    await page.locator(".option").first().waitFor();

    // Another browser answers a question: the server's draft is no longer this browser's.
    const other = await fixture.open(await fixture.freshUrl(plan.id));
    await other.page.getByRole("checkbox", { name: /Webhooks/ }).click();
    await other.page.locator('[data-action="confirm"]').click();
    const progress = other.page.waitForResponse((r) => r.url().endsWith("/progress") && r.ok());
    await other.page.locator('[data-action="save-note"]').click();
    await progress;

    await page.locator('[data-action="ask-back"]').click();
    await page.locator("#editor").fill("Is CSV export for refunds too?");
    await page.locator(`[data-ask="${plan.id}"]`).click();
    await page.locator(`[data-ask="${plan.id}"][aria-current="true"]`).waitFor();
    expect(await page.locator("#editor").inputValue()).toBe("Is CSV export for refunds too?");

    await page.locator(`[data-ask="${database.id}"]`).click();
    await page.getByRole("radio", { name: /^Other/ }).click();
    const own = page.getByRole("textbox", { name: "Your own answer" });
    await own.fill("Postgres with a read replica");
    expect(await own.getAttribute("aria-describedby")).toBe("other-hint");
    expect(await page.locator("#other-hint").textContent()).toBe(
      "Sent instead of the options. Save it empty to take it back.",
    );
    await page.locator(`[data-ask="${plan.id}"]`).click();
    await page.locator('[data-action="send-ask-back"]').waitFor();
    expect(await page.locator("#editor").inputValue()).toBe("Is CSV export for refunds too?");
    await page.locator(`[data-ask="${database.id}"]`).click();
    await page.locator('[data-action="save-other"]').waitFor();
    expect(await page.locator("#editor").inputValue()).toBe("Postgres with a read replica");
  });
});
