import { describe, expect, it } from "vitest";
import { releasePlan, usePageFixture } from "./page-fixture.ts";

const fixture = usePageFixture();

describe("the page's session key", () => {
  it("a link from any website carrying a junk key does not sign the page out: the key is adopted only once the server accepts it", async () => {
    const remote = await fixture.publish(releasePlan());
    const { page } = await fixture.open(remote.pageUrl);
    await page.locator(".option").first().waitFor();
    const base = (await fixture.server()).answer.base;
    await page.goto("about:blank");
    await page.goto(`${base}/#session=${"0".repeat(64)}`);
    await page.locator(".option").first().waitFor();
    expect(new URL(page.url()).hash).not.toContain("session");
    await page.reload();
    await page.locator(".option").first().waitFor();
    expect(await page.locator("body").textContent()).not.toContain("not signed in");
  });
});
