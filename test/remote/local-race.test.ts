import { describe, expect, it } from "vitest";
import type { PageCopy } from "../../src/remote/local-race.ts";
import { FakePage, HOSTS, type Host, type HostRun, played, type Row, THERE } from "./race-hosts.ts";

/**
 * The one race of an ask shown here and on the answer page, as a table of cases run against
 * every host through its ports: the race itself, `askuser ask --remote`, `askuser mcp` and Pi.
 * A host that cannot do a case (an MCP form has no ask-back) skips that row, and says why.
 */
const HERE = played({ db: "Postgres", api: "REST" });

async function started(host: Host, publish?: () => Promise<PageCopy>) {
  const page = new FakePage();
  const run: HostRun = host.start(publish ?? (async () => page.copy));
  await run.local.shown;
  if (!publish) await (host.followsEndOnly ? page.watched.wait : page.attached.wait);
  return { page, run };
}

/** Skips the row, with the host's reason, where the host cannot play it. */
function unless(host: Host, row: Row, skip: (note: string) => void): void {
  const why = host.cannot?.[row];
  if (why) skip(why);
}

describe.each(HOSTS)("the one race, on $name", (host) => {
  it("the page answers first: the form here closes and the page's answer is the result", async () => {
    const { page, run } = await started(host);
    page.answer();
    expect(await run.result).toMatchObject({ status: "answered", answers: THERE.answers });
    expect(page.calls).toEqual([]);
    // The page said "sent": it says the agent has it only once the host handed it over.
    await page.reported.wait;
    expect(page.deliveries).toEqual(["delivered"]);
  });

  it("an answer here is claimed as this surface's, and stands", async () => {
    const { page, run } = await started(host);
    run.local.answer();
    expect(await run.result).toMatchObject({ status: "answered", answers: HERE.answers });
    expect(page.calls).toEqual([`claim answered by ${host.by}`]);
    await page.reported.wait;
    expect(page.deliveries).toEqual(["delivered"]);
  });

  it("an answer here the server refuses to take: it stands, and the page's copy is withdrawn saying its draft is not in the result", async () => {
    const { page, run } = await started(host);
    page.refusesClaims = true;
    page.draft({ db: "SQLite" });
    run.local.answer();
    expect(await run.result).toMatchObject({ status: "answered", answers: HERE.answers });
    // The withdrawal starts before the result is given.
    expect(page.calls).toEqual([
      `claim answered by ${host.by}`,
      "withdraw turn_abort without the draft",
    ]);
  });

  it("an ask-back here is the user's: it is claimed, never withdrawn as a failed form", async ({
    skip,
  }) => {
    unless(host, "askBack", skip);
    const { page, run } = await started(host);
    run.local.askBack?.();
    expect(await run.result).toMatchObject({ status: "clarification_requested" });
    expect(page.calls).toEqual([`claim clarification_requested by ${host.by}`]);
  });

  it("a broken form here leaves the page open: the page's answer is then the result", async ({
    skip,
  }) => {
    unless(host, "brokenForm", skip);
    const { page, run } = await started(host);
    run.local.breakIt();
    // The next event the race can act on is the page's answer; it is still open there.
    page.answer();
    expect(await run.result).toMatchObject({ status: "answered", answers: THERE.answers });
    expect(page.calls).toEqual([]);
  });

  it("a broken form here, then the deadline: a failed form with the answers so far, withdrawn once", async ({
    skip,
  }) => {
    unless(host, "brokenForm", skip);
    const { page, run } = await started(host);
    run.local.breakIt();
    await Promise.resolve();
    run.local.expire();
    expect(await run.result).toMatchObject({ status: "timed_out" });
    // The page has no draft: whether the answers so far were typed here or not, nothing is lost.
    expect(page.calls).toEqual([
      expect.stringMatching(/^withdraw timed_out( without the draft)?$/),
    ]);
  });

  it("a timeout with a page draft newer than the answers here: the page's draft counts", async ({
    skip,
  }) => {
    unless(host, "deadline", skip);
    const { page, run } = await started(host);
    await run.local.type?.();
    page.draft({ db: "SQLite" });
    run.local.expire();
    expect(await run.result).toMatchObject({
      status: "timed_out",
      answers: { db: { selected: ["SQLite"] } },
    });
    expect(page.calls).toEqual(["withdraw timed_out"]);
  });

  it("a page draft crossing the deadline (on the server, its line not yet read here) is the result's draft", async ({
    skip,
  }) => {
    unless(host, "deadline", skip);
    const { page, run } = await started(host);
    page.crossingDraft = played({ db: "SQLite" }, true);
    run.local.expire();
    expect(await run.result).toMatchObject({
      status: "timed_out",
      answers: { db: { selected: ["SQLite"] } },
    });
    expect(page.calls).toEqual(["withdraw timed_out"]);
  });

  it("a page draft crossing the deadline after typing here: the answers here count, and the withdrawal says the page's draft is not in the result", async ({
    skip,
  }) => {
    unless(host, "deadline", skip);
    unless(host, "type", skip);
    const { page, run } = await started(host);
    await run.local.type?.();
    page.crossingDraft = played({ db: "SQLite" }, true);
    run.local.expire();
    expect(await run.result).toMatchObject({
      status: "timed_out",
      answers: { db: { selected: ["Postgres"] } },
    });
    expect(page.calls).toEqual(["withdraw timed_out without the draft"]);
  });

  it("a timeout with answers here newer than the page's draft: the answers here count", async ({
    skip,
  }) => {
    unless(host, "deadline", skip);
    unless(host, "type", skip);
    const { page, run } = await started(host);
    page.draft({ db: "SQLite" });
    await run.local.type?.();
    run.local.expire();
    expect(await run.result).toMatchObject({
      status: "timed_out",
      answers: { db: { selected: ["Postgres"] } },
    });
    // The server holds the page's draft and the result does not: the page is told so.
    expect(page.calls).toEqual(["withdraw timed_out without the draft"]);
  });

  it("no server: the ask is answered here alone, the user is told why, nothing throws", async ({
    skip,
  }) => {
    unless(host, "answerWithoutServer", skip);
    const { run } = await started(host, () =>
      Promise.reject(new Error("the runtime directory /etc/passwd is not a directory")),
    );
    run.local.answer();
    expect(await run.result).toMatchObject({ status: "answered", answers: HERE.answers });
    expect(run.said.join("\n")).toContain("/etc/passwd is not a directory");
  });

  it("an answer crossing an end here that nobody chose (a stop) is the ask's answer", async () => {
    const { page, run } = await started(host);
    page.crossing = { kind: "resolved", by: "page", details: THERE };
    run.local.stop();
    expect(await run.result).toMatchObject({ status: "answered", answers: THERE.answers });
    expect(page.calls).toHaveLength(1);
    expect(page.calls[0]).toMatch(/^withdraw /);
    // The page said "sent"; whether the agent holds it depends on where the stop came from.
    await page.reported.wait;
    expect(page.deliveries).toEqual([host.stoppedDelivery]);
  });

  it("an answer crossing the deadline is the ask's answer", async ({ skip }) => {
    unless(host, "deadline", skip);
    const { page, run } = await started(host);
    page.crossing = { kind: "resolved", by: "answer-cli", details: THERE };
    run.local.expire();
    expect(await run.result).toMatchObject({ status: "answered", answers: THERE.answers });
    expect(page.calls).toEqual(["withdraw timed_out"]);
    await page.reported.wait;
    expect(page.deliveries).toEqual(["delivered"]);
  });

  it("an answer crossing a reload is the ask's answer: delivered once, never told to answer again", async ({
    skip,
  }) => {
    unless(host, "reload", skip);
    const { page, run } = await started(host);
    page.crossing = { kind: "resolved", by: "page", details: THERE };
    run.local.reload?.();
    expect(await run.result).toMatchObject({ status: "answered", answers: THERE.answers });
    // Only a waiting ask plays a reload, and it keeps no page draft: its withdrawal says so.
    expect(page.calls).toEqual(["withdraw republished without the draft"]);
    await page.reported.wait;
    expect(page.deliveries).toEqual(["owed"]);
  });

  for (const [end, how] of [
    ["a stop", "stop"],
    ["the deadline", "expire"],
  ] as const) {
    it(`${end} before this side heard the page has the ask: the late withdrawal says the result holds no page draft`, async ({
      skip,
    }) => {
      unless(host, "endBeforePage", skip);
      if (how === "expire") unless(host, "deadline", skip);
      const page = new FakePage();
      let open: (copy: PageCopy) => void = () => {};
      const publishing = new Promise<PageCopy>((resolve) => (open = resolve));
      const run = host.start(() => publishing);
      // The server opened the ask and the page saved a draft; the line saying the ask is open
      // has not reached this side yet.
      page.crossingDraft = played({ db: "SQLite" }, true);
      if (!host.followsEndOnly) await run.local.shown;
      run.local[how]();
      // A waiting ask's close takes its copy off the page before the ask ends, so its result
      // comes after the withdrawal; every other host gives its result first.
      const given = host.followsEndOnly ? undefined : await run.result;
      open(page.copy);
      await page.told.wait;
      expect(page.calls).toEqual([expect.stringMatching(/^withdraw \S+ without the draft$/)]);
      const details = given ?? (await run.result);
      expect(details.status).not.toBe("answered");
      expect(details.answers).toEqual({});
    });
  }

  it("the server dying while the form is open changes nothing here", async () => {
    const { page, run } = await started(host);
    page.lose();
    await page.copy.ended;
    run.local.answer();
    expect(await run.result).toMatchObject({ status: "answered", answers: HERE.answers });
  });

  it("the server dying after the form here broke ends the ask: nobody is left to answer", async ({
    skip,
  }) => {
    unless(host, "brokenForm", skip);
    const { page, run } = await started(host);
    run.local.breakIt();
    await Promise.resolve();
    page.lose();
    expect(await run.result).toMatchObject({ status: "cancelled", origin: "ui_failure" });
  });
});

describe("the race alone: an end before the page has the ask", () => {
  it("stands at once, and the page is told once it has the ask", async () => {
    const { RACE } = await import("./race-hosts.ts");
    const page = new FakePage();
    let open: (copy: PageCopy) => void = () => {};
    const publishing = new Promise<PageCopy>((resolve) => (open = resolve));
    const run = RACE.start(() => publishing);
    await run.local.shown;
    run.local.answer();
    expect(await run.result).toMatchObject({ status: "answered", answers: HERE.answers });
    expect(page.calls).toEqual([]);
    open(page.copy);
    await page.told.wait;
    expect(page.calls).toEqual(["claim answered by pi"]);
  });
});
