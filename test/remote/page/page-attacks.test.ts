import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { askOf } from "../../support/asks.ts";
import { openEvents } from "../support.ts";
import {
  examplePayload,
  horizontalOverflow,
  mainText,
  releasePlan,
  usePageFixture,
} from "./page-fixture.ts";

const fixture = usePageFixture();

const LONG_WORD = "W".repeat(1000);
const hostile = askOf({
  questions: [
    {
      id: "markup",
      header: "<b>Tab</b>",
      question: `<img src=x onerror="window.pwned=1"> ${LONG_WORD.slice(0, 900)}?`,
      context:
        "Context \u202eevil\u202c and \u001b[31mred\u001b[0m <script>window.pwned=2</script>",
      options: [
        {
          label: "</span><b>bold</b>",
          description: "<i>desc</i> \u2066isolate\u2069",
          preview: "P".repeat(4000),
        },
        { label: "&lt;entity&gt; &amp;", preview: "<iframe src=/x></iframe>\nline two" },
        { label: "Plain" },
      ],
    },
  ],
});

describe("hostile model text and hostile typing render inert", () => {
  it("markup, escapes, bidi controls and 10 KB strings stay text and fit a phone", async () => {
    const remote = await fixture.publish(hostile);
    const { page, watch } = await fixture.open(remote.pageUrl, { width: 375, height: 740 });
    await page.locator(".option").first().waitFor();
    const main = page.locator("main");
    expect(await main.locator("img, script, iframe, b, i").count()).toBe(0);
    const text = await mainText(page);
    expect(text).toContain('<img src=x onerror="window.pwned=1">');
    expect(text).toContain("</span><b>bold</b>");
    expect(text).toContain("&lt;entity&gt; &amp;");
    expect(text).toContain("\\u202eevil\\u202c");
    expect(text).toContain("␛[31mred␛[0m");
    for (const raw of ["\u202a", "\u202c", "\u202e", "\u2066", "\u2069", "\u001b"]) {
      expect(text).not.toContain(raw);
    }
    expect(await horizontalOverflow(page)).toEqual([]);

    const typed = `${"<b>x</b> \u202e".repeat(1000)}\nsecond line`;
    await page.getByRole("radio", { name: /^Other/ }).click();
    await page.locator("#editor").fill(typed);
    await page.locator('[data-action="save-other"]').click();
    const end = await remote.ended;
    expect(end.details?.answers.markup).toEqual({ selected: [], other: typed.trim() });
    await expect.poll(() => mainText(page)).toContain("Sent. The agent received:");
    expect(await main.locator("b").count()).toBe(0);
    expect(await page.evaluate("window.pwned")).toBeUndefined();
    expect(await horizontalOverflow(page)).toEqual([]);
    expect(watch.external).toEqual([]);
    expect(watch.errors).toEqual([]);
  });
});

describe("a lost draft of hostile text", () => {
  it("the answers kept in view stay text and fit a phone and a desktop", async () => {
    const ask = askOf({
      questions: [
        {
          ...hostile.questions[0],
          id: "markup",
          options: [{ label: "Plain" }, { label: "Second plain" }],
        },
        {
          id: "next",
          header: "Next",
          question: "And then?",
          options: [{ label: "Go" }, { label: "Stop" }],
        },
      ],
    });
    const remote = await fixture.publish(ask);
    const { page, watch } = await fixture.open(remote.pageUrl, { width: 375, height: 740 });
    const typed = `${"<b>x</b> \u202e\u001b[31m".repeat(500)}${LONG_WORD}`;
    await page.getByRole("radio", { name: /^Other/ }).click();
    await page.locator("#editor").fill(typed);
    const drafted = page.waitForResponse((r) => r.url().endsWith("/progress") && r.ok());
    await page.locator('[data-action="save-other"]').click();
    await drafted;
    await remote.withdraw("timed_out", { takesDraft: false });
    await page.getByText("Your draft did not reach the agent").waitFor();
    const main = page.locator("main");
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 740 });
      const text = await mainText(page);
      expect(text, `${width}`).toContain("<b>x</b>");
      for (const raw of ["\u202e", "\u001b"]) expect(text, `${width}`).not.toContain(raw);
      expect(await main.locator("b").count(), `${width}`).toBe(0);
      expect(await horizontalOverflow(page), `${width}`).toEqual([]);
    }
    expect(watch.errors).toEqual([]);
  });
});

describe("attacks on the page", () => {
  it("eight options of the longest labels and descriptions, unbroken, fit a phone", async () => {
    const options = Array.from({ length: 8 }, (_, index) => ({
      label: `${index}${"L".repeat(59)}`,
      description: "D".repeat(300),
    }));
    const remote = await fixture.publish(
      askOf({
        questions: [{ question: "Q".repeat(1000), options, multiSelect: true, allowComment: true }],
      }),
    );
    const { page } = await fixture.open(remote.pageUrl, { width: 375, height: 740 });
    await page.locator(".option").first().waitFor();
    expect(await page.locator(".option").count()).toBe(9);
    expect(await horizontalOverflow(page)).toEqual([]);
    await page.keyboard.press("9");
    await page.locator("#editor").fill("x".repeat(10_000));
    expect(await horizontalOverflow(page)).toEqual([]);
  });

  it("a tap that lands as a new question appears by itself is held, not taken as an answer", async () => {
    const server = await fixture.server();
    const { page, watch } = await fixture.open(server.answer.newPageUrl());
    await expect.poll(() => page.locator(".list").textContent()).toContain("No agent is waiting");
    // The page's clock stands still: the hold cannot run out while the test clicks.
    await page.clock.setFixedTime(new Date());
    const remote = await fixture.publish(askOf(examplePayload("database")));
    await page.getByRole("radio", { name: /SQLite/ }).click();
    await page.keyboard.press("2");
    await expect.poll(() => mainText(page)).toContain("Just opened");
    expect(await page.getByRole("radio", { name: /SQLite/ }).getAttribute("aria-checked")).toBe(
      "false",
    );
    expect(watch.requests.filter((request) => request.endsWith("/answer"))).toEqual([]);
    await page.clock.setFixedTime(new Date(Date.now() + 5_000));
    await page.getByRole("radio", { name: /SQLite/ }).click();
    expect((await remote.ended).details?.answers).toEqual({ database: { selected: ["SQLite"] } });
  });

  it("a double click on an option of a one-question form sends one answer", async () => {
    const remote = await fixture.publish(askOf(examplePayload("database")));
    const { page, watch } = await fixture.open(remote.pageUrl);
    await page.getByRole("radio", { name: /SQLite/ }).dblclick();
    const end = await remote.ended;
    expect(end.details?.answers).toEqual({ database: { selected: ["SQLite"] } });
    await expect.poll(() => mainText(page)).toContain("Sent. The agent received:");
    expect(watch.requests.filter((request) => request.endsWith("/answer"))).toHaveLength(1);
  });

  it("answers with the keyboard alone, as in the terminal", async () => {
    const remote = await fixture.publish(releasePlan());
    const { page } = await fixture.open(remote.pageUrl);
    await page.locator(".option").first().waitFor();
    await page.keyboard.press("1");
    await page.keyboard.press("3");
    await page.keyboard.press("Enter");
    await page.keyboard.type("webhooks first");
    await page.keyboard.press("Shift+Enter");
    await page.keyboard.type("then history");
    await page.keyboard.press("Enter");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await page.keyboard.press("2");
    await page.keyboard.press("Enter");
    await expect.poll(() => mainText(page)).toContain("Review your answers");
    await page.keyboard.press("Enter");
    const end = await remote.ended;
    expect(end.details?.answers).toEqual({
      features: {
        selected: ["Order history", "Webhooks"],
        comment: "webhooks first\nthen history",
      },
      api: { selected: ["GraphQL"] },
      rollout: { selected: ["10% canary, then everyone (Recommended)"] },
    });
  });

  it("Space on a focused option toggles it once, and Enter on it confirms, without a second click", async () => {
    const remote = await fixture.publish(releasePlan());
    const { page } = await fixture.open(remote.pageUrl);
    await page.locator(".option").first().waitFor();
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => page.evaluate("document.activeElement.dataset.row")).toBe("1");
    await page.keyboard.press(" ");
    await expect
      .poll(() => page.getByRole("checkbox", { name: /Refunds/ }).getAttribute("aria-checked"))
      .toBe("true");
    await page.keyboard.press(" ");
    await page.keyboard.press(" ");
    expect(await page.getByRole("checkbox", { name: /Refunds/ }).getAttribute("aria-checked")).toBe(
      "true",
    );
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate("document.activeElement.id")).toBe("editor");
    await page.keyboard.press("Enter");
    expect(await page.locator(".tab.active").textContent()).toBe("○ API");
    expect(await page.locator(".tab.done").textContent()).toBe("✓ Features");
  });

  it("the page's session never goes to another server on this host (cookies ignore ports)", async () => {
    // Any program listening on 127.0.0.1 (a dev server, a container's published port, another
    // user's process) gets whatever the browser sends to that host: it must get nothing that
    // answers for the user.
    const received: string[] = [];
    const other = createServer((request, response) => {
      received.push(JSON.stringify(request.headers));
      response.end("another local server");
    });
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
    try {
      const remote = await fixture.publish(releasePlan());
      const { page } = await fixture.open(remote.pageUrl);
      await page.locator(".option").first().waitFor();
      expect(page.url()).not.toContain("session");
      await page.goto(`http://127.0.0.1:${(other.address() as AddressInfo).port}/`);
      // The page itself, and sometimes a favicon: none carries anything of askuser's.
      expect(received.length).toBeGreaterThan(0);
      for (const headers of received) expect(headers).not.toContain("askuser");
      // Back on the page (a reload, another tab of the same browser): still signed in.
      const again = await page.context().newPage();
      await again.goto(`${(await fixture.server()).answer.base}/#ask=${remote.id}`);
      await again.locator(".option").first().waitFor();
      expect(await again.locator(".connection").textContent()).toBe("live");
    } finally {
      other.close();
    }
  });

  it("a browser that is not signed in is told how to sign in", async () => {
    await fixture.publish(releasePlan());
    const { page } = await fixture.open(`${(await fixture.server()).answer.base}/`);
    await expect.poll(() => page.locator(".problem").textContent()).toContain("not signed in");
    // The printed link's code is spent once used: the page names the command that prints a
    // new one, and never calls a server that answered it unreachable.
    expect(await page.locator(".problem").textContent()).toContain("askuser answer --link");
    await expect.poll(() => page.locator(".connection").textContent()).toBe("not signed in");
    expect(await page.locator("body").textContent()).not.toContain("cannot be reached");
  });

  it("Esc then Enter cancels, as in the terminal's cancel confirmation, keeping the confirmed answers", async () => {
    const remote = await fixture.publish(releasePlan());
    const { page } = await fixture.open(remote.pageUrl);
    await page.locator(".option").first().waitFor();
    await page.keyboard.press("2");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Escape");
    await expect.poll(() => mainText(page)).toContain("Cancel the questions?");
    await page.keyboard.press("Enter");
    const end = await remote.ended;
    expect(end.details).toMatchObject({
      status: "cancelled",
      origin: "user",
      answers: { features: { selected: ["Refunds"] } },
    });
    await expect.poll(() => mainText(page)).toContain("Cancelled. The agent was told:");
  });

  it("a stream the server refuses is said as such, never as a server that cannot be reached", async () => {
    const remote = await fixture.publish(releasePlan());
    const { page } = await fixture.open(remote.pageUrl);
    await page.locator(".option").first().waitFor();
    await expect.poll(() => page.locator(".connection").textContent()).toBe("live");
    // The session stops being accepted (a server restarted on the same port): 401.
    await page.route("**/api/events", (route) =>
      route.continue({
        headers: { ...route.request().headers(), "askuser-session": "0".repeat(64) },
      }),
    );
    await page.reload();
    await expect.poll(() => page.locator(".connection").textContent()).toBe("not signed in");
    expect(await page.locator("body").textContent()).not.toContain("cannot be reached");
  });

  it("past the server's limit of event streams, the page says too many pages are open", async () => {
    const server = await fixture.server();
    const streams = await Promise.all(Array.from({ length: 64 }, () => openEvents(server)));
    try {
      expect(streams.every((stream) => stream.status === 200)).toBe(true);
      const remote = await fixture.publish(releasePlan());
      const { page } = await fixture.open(remote.pageUrl);
      await page.locator(".option").first().waitFor();
      await expect
        .poll(() => page.locator(".connection").textContent())
        .toContain("too many pages");
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it("with the server gone, the page says so, keeps the answer, and never shows it as sent", async () => {
    const remote = await fixture.publish(askOf(examplePayload("database")));
    const { page } = await fixture.open(remote.pageUrl);
    await page.locator(".option").first().waitFor();
    await (await fixture.server()).stop();
    await expect.poll(() => page.locator(".connection").textContent()).toContain("offline");
    await page.getByRole("radio", { name: /DynamoDB/ }).click();
    await expect
      .poll(() => mainText(page))
      .toContain("Not sent: the answer server could not be reached");
    expect(await mainText(page)).not.toContain("Sent. The agent received");
    await page.locator('[data-action="back"]').click();
    expect(await page.getByRole("radio", { name: /DynamoDB/ }).getAttribute("class")).toContain(
      "highlighted",
    );
  });
});
