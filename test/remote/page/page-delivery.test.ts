import { describe, expect, it } from "vitest";
import { AGENT, releasePlan, usePageFixture } from "./page-fixture.ts";

const fixture = usePageFixture();

/**
 * The page's "sent" waits for the agent: it says the server took the answer and that it waits
 * for the agent, then what the asking host reported (kept for the next run, then delivered).
 */
describe("the answer page says where a sent answer is", () => {
  it("waiting, then kept for the next run, then the agent has it", async () => {
    const remote = await fixture.publish(releasePlan(), AGENT, true);
    const { page } = await fixture.open(remote.pageUrl);
    await page.getByRole("checkbox", { name: /CSV export/ }).click();
    await page.locator('[data-tab="3"]').click();
    await page.locator('[data-action="submit"]').click();
    await page.locator('[data-action="submit"]').click();
    await page.getByText("Sent: waiting for the agent to take it. It will receive:").waitFor();
    const end = await remote.ended;
    expect(end).toMatchObject({ kind: "resolved", by: "page" });
    await remote.reportDelivery?.("owed");
    await page.getByText("kept: the agent gets it when its session next runs").waitFor();
    await remote.reportDelivery?.("delivered");
    await page.getByText("The agent has your answer. It received:").waitFor();
    expect(await page.locator(".ended pre").textContent()).toContain("CSV export");
  });

  it("the asking side's call ended before it took the answer: the page says it was not delivered", async () => {
    const remote = await fixture.publish(releasePlan(), AGENT, true);
    const { page } = await fixture.open(remote.pageUrl);
    await page.getByRole("checkbox", { name: /CSV export/ }).click();
    await page.locator('[data-tab="3"]').click();
    await page.locator('[data-action="submit"]').click();
    await page.locator('[data-action="submit"]').click();
    await remote.ended;
    await remote.reportDelivery?.("lost");
    await page.getByText("Not delivered: the agent stopped before it took your answer.").waitFor();
  });
});
