import { describe, expect, it } from "vitest";
import { modelText } from "../../../src/core/index.ts";
import { call } from "../support.ts";
import { horizontalOverflow, mainText, releasePlan, usePageFixture } from "./page-fixture.ts";

const fixture = usePageFixture();

describe("the answer page, in chromium, against the real server", () => {
  it("answers release-plan.json: the asking side gets exactly what the Submit tab showed", async () => {
    const remote = await fixture.publish(releasePlan());
    const { page, watch } = await fixture.open(remote.pageUrl);
    await page.getByRole("checkbox", { name: /Order history/ }).click();
    await page.getByRole("checkbox", { name: /Webhooks/ }).click();
    await page.getByRole("checkbox", { name: /^Other/ }).click();
    await page.locator("#editor").fill("Audit log\nwith a second line");
    await page.locator('[data-action="save-other"]').click();
    await page.locator('[data-action="confirm"]').click();
    await page.locator("#editor").fill("refunds can wait");
    await page.locator('[data-action="save-note"]').click();
    await page.getByRole("radio", { name: /REST \+ JSON/ }).click();
    await page.getByRole("radio", { name: /10% canary/ }).click();
    await page.locator('[data-action="save-note"]').click();
    const review = await page.locator('[data-role="review"]').textContent();
    await page.locator('[data-action="submit"]').click();

    const end = await remote.ended;
    expect(end).toMatchObject({ kind: "resolved", by: "page" });
    const sent = modelText(end.details!);
    expect(sent).toBe(review);
    expect(sent).toBe(
      [
        "The user answered:",
        '"Which features should the first release include?" = ["Order history", "Webhooks", "Audit log\\nwith a second line"] — "refunds can wait"',
        '"Which API style should clients use?" = "REST + JSON (Recommended)"',
        '"How should the release roll out?" = ["10% canary, then everyone (Recommended)"]',
        "Answered on the answer page.",
      ].join("\n"),
    );
    await expect.poll(() => mainText(page)).toContain("Sent. The agent received:");
    expect(await page.locator(".ended pre").textContent()).toBe(sent);
    expect(watch.external).toEqual([]);
    expect(watch.errors).toEqual([]);
  });

  it("keeps a half-typed answer across reloads, and the confirmed answers across browsers", async () => {
    const remote = await fixture.publish(releasePlan());
    const { page } = await fixture.open(remote.pageUrl);
    await page.getByRole("checkbox", { name: /Refunds/ }).click();
    await page.locator('[data-action="confirm"]').click();
    await page.locator('[data-action="save-note"]').click();
    await page.getByRole("radio", { name: /^Other/ }).click();
    await page.locator("#editor").fill("typed, not saved yet");
    // The confirmed answer reaches the server as the draft; the typing stays in this browser.
    await expect
      .poll(async () => (await call(await fixture.server(), `/api/asks/${remote.id}`)).json)
      .toMatchObject({ draft: { features: { selected: ["Refunds"] } } });
    for (let reload = 0; reload < 5; reload += 1) await page.reload();
    await expect.poll(() => page.locator("#editor").inputValue()).toBe("typed, not saved yet");
    expect(await page.locator(".tab.active").textContent()).toBe("○ API");
    expect(await page.locator(".tab.done").textContent()).toBe("✓ Features");

    const other = await fixture.open(await fixture.freshUrl(remote.id));
    await expect.poll(() => mainText(other.page)).toContain("restored from the server");
    expect(await other.page.locator(".tab.done").textContent()).toBe("✓ Features");
    expect(await other.page.locator("#editor").count()).toBe(0);
  });

  it("fits a 375 px phone: nothing cut off or wider than the screen, on every tab and editor", async () => {
    const remote = await fixture.publish(releasePlan());
    const { page } = await fixture.open(remote.pageUrl, { width: 375, height: 740 });
    await page.getByRole("checkbox", { name: /Webhooks/ }).click();
    expect(await horizontalOverflow(page)).toEqual([]);
    await page.getByRole("checkbox", { name: /^Other/ }).click();
    expect(await horizontalOverflow(page)).toEqual([]);
    await page.locator('[data-action="save-other"]').click();
    await page.locator('[data-action="confirm"]').click();
    expect(await horizontalOverflow(page)).toEqual([]);
    await page.locator('[data-action="save-note"]').click();
    await page.locator('[data-tab="3"]').click();
    expect(await mainText(page)).toContain("Review your answers");
    expect(await horizontalOverflow(page)).toEqual([]);
    const submit = await page.locator('[data-action="submit"]').boundingBox();
    expect(submit!.x + submit!.width).toBeLessThanOrEqual(375);
  });
});

describe("when the page is not the first to answer", () => {
  it("the terminal wins the race: the page says so, shows what was sent, and sends nothing", async () => {
    const remote = await fixture.publish(releasePlan());
    const { page, watch } = await fixture.open(remote.pageUrl);
    await page.getByRole("checkbox", { name: /Refunds/ }).click();
    const details = {
      status: "answered" as const,
      questions: releasePlan().questions,
      answers: { api: { selected: ["gRPC"] } },
      unanswered: ["features", "rollout"],
    };
    expect(await remote.claim(details, "terminal")).toEqual({ won: true });
    await expect.poll(() => mainText(page)).toContain("Answered in the terminal.");
    const text = await mainText(page);
    expect(text).toContain("Your answers on this page were not sent.");
    expect(await page.locator(".ended pre").textContent()).toBe(modelText(details));
    expect(await page.locator(".option").count()).toBe(0);
    expect(watch.requests.filter((r) => r.endsWith("/answer"))).toEqual([]);
  });

  it("a submit that crosses the terminal's answer is refused by the server and shown as the terminal's", async () => {
    const remote = await fixture.publish(releasePlan());
    const { page } = await fixture.open(remote.pageUrl);
    await page.route("**/api/events", (route) => route.abort());
    await page.reload();
    await page.locator('[data-tab="3"]').click();
    const details = {
      status: "answered" as const,
      questions: releasePlan().questions,
      answers: { api: { selected: ["GraphQL"] } },
      unanswered: ["features", "rollout"],
    };
    await remote.claim(details, "terminal");
    await page.locator('[data-action="submit"]').click();
    await page.locator('[data-action="submit"]').click();
    await expect.poll(() => mainText(page)).toContain("Answered in the terminal.");
    expect(await page.locator(".ended pre").textContent()).toBe(modelText(details));
  });

  it("a draft refused because the terminal answered shows the terminal's answer, without the event stream", async () => {
    const remote = await fixture.publish(releasePlan());
    const { page } = await fixture.open(remote.pageUrl);
    await page.route("**/api/events", (route) => route.abort());
    await page.reload();
    await page.locator(".option").first().waitFor();
    await remote.claim(
      {
        status: "answered",
        questions: releasePlan().questions,
        answers: { api: { selected: ["GraphQL"] } },
        unanswered: ["features", "rollout"],
      },
      "terminal",
    );
    await page.getByRole("checkbox", { name: /Refunds/ }).click();
    await page.locator('[data-action="confirm"]').click();
    await page.locator('[data-action="save-note"]').click();
    await expect.poll(() => mainText(page)).toContain("Answered in the terminal.");
  });

  it("a cancel in the terminal reads as a cancel, not as an answer", async () => {
    const remote = await fixture.publish(releasePlan());
    const { page } = await fixture.open(remote.pageUrl);
    await page.locator(".option").first().waitFor();
    const details = {
      status: "cancelled" as const,
      origin: "user" as const,
      questions: releasePlan().questions,
      answers: {},
      unanswered: ["features", "api", "rollout"],
    };
    await remote.claim(details, "terminal");
    await expect.poll(() => mainText(page)).toContain("Cancelled in the terminal.");
    expect(await mainText(page)).not.toContain("Answered");
    expect(await page.locator(".ended pre").textContent()).toBe(modelText(details));
  });
});
