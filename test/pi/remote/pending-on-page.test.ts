import { describe, expect, it } from "vitest";
import type { AskDetails } from "../../../src/core/index.ts";
import { PendingOnPage } from "../../../src/pi/remote/pending-on-page.ts";
import { type PendingAsk, PendingAsks } from "../../../src/pi/survive/pending-asks.ts";
import type { RemoteAsk } from "../../../src/remote/client.ts";
import { ASK, FakePage, THERE } from "../../remote/race-hosts.ts";

/** A waiting ask on a fake page, with what ended it here and what Pi said. */
async function waitingOnPage() {
  const ends: AskDetails[] = [];
  const said: string[] = [];
  // As Survival wires them: every end here goes to the page too.
  let onEnd: (pending: PendingAsk, details: AskDetails) => void = () => {};
  const asks = new PendingAsks(
    (ended, details) => onEnd(ended, details),
    () => {},
  );
  const pending: PendingAsk = { callEntryId: "e1", toolCallId: "t1", ask: ASK };
  asks.add(pending);
  const onPage = new PendingOnPage(asks, (text) => said.push(text));
  onEnd = (ended, details) => {
    ends.push(details);
    onPage.ended(ended.callEntryId, details);
  };
  const page = new FakePage();
  const publishing = onPage.publish(pending, async () => page.copy);
  await page.watched.wait;
  return { asks, onPage, page, ends, said, publishing };
}

describe("a waiting ask on the answer page (Pi), by the race's rule", () => {
  it("/reload withdraws it as republished, so a late answer is told where the question went", async () => {
    const { onPage, page } = await waitingOnPage();
    await onPage.withdrawAll("reload");
    expect(page.calls).toEqual(["withdraw republished without the draft"]);
  });

  it("a quit withdraws it as session_closed; an answer that crossed it ends the ask as the user's", async () => {
    const { onPage, page, ends } = await waitingOnPage();
    page.crossing = { kind: "resolved", by: "page", details: THERE };
    await onPage.withdrawAll("close");
    expect(page.calls).toEqual(["withdraw session_closed without the draft"]);
    expect(ends).toEqual([THERE]);
  });

  it("/answer skip is the user's cancel: it is claimed as Pi's, never left open on the page", async () => {
    const { asks, page } = await waitingOnPage();
    await asks.skip("e1");
    expect(page.calls).toEqual(["claim cancelled by pi"]);
  });

  it("/reload while the ask is still being published: the copy is withdrawn as republished, and a page answer that crossed it is the ask's, not a warning", async () => {
    const ends: AskDetails[] = [];
    const said: string[] = [];
    // Fired by whichever comes first: the ask ending here, or Pi saying something.
    let settled: () => void = () => {};
    const outcome = new Promise<void>((resolve) => (settled = resolve));
    let onEnd: (pending: PendingAsk, details: AskDetails) => void = () => {};
    const asks = new PendingAsks(
      (ended, details) => onEnd(ended, details),
      () => {},
    );
    const pending: PendingAsk = { callEntryId: "e1", toolCallId: "t1", ask: ASK };
    asks.add(pending);
    const onPage = new PendingOnPage(asks, (text) => {
      said.push(text);
      settled();
    });
    onEnd = (ended, details) => {
      ends.push(details);
      onPage.ended(ended.callEntryId, details);
      settled();
    };
    const page = new FakePage();
    let land: (copy: RemoteAsk) => void = () => {};
    void onPage.publish(pending, () => new Promise<RemoteAsk>((resolve) => (land = resolve)));
    // As Survival shuts down for a reload: the page first, then the asks let go of.
    const reloading = onPage.withdrawAll("reload").then(() => asks.releaseAll());
    page.crossing = { kind: "resolved", by: "page", details: THERE };
    land(page.copy);
    await reloading;
    await outcome;
    expect(page.calls).toEqual(["withdraw republished without the draft"]);
    expect(ends).toEqual([THERE]);
    expect(said.join("\n")).not.toContain("was not sent");
  });

  it("a publish asked for after the reload began puts nothing on the page", async () => {
    const { asks } = await waitingOnPage();
    const onPage = new PendingOnPage(asks, () => {});
    await onPage.withdrawAll("reload");
    let published = 0;
    void onPage.publish({ callEntryId: "e1", toolCallId: "t1", ask: ASK }, async () => {
      published++;
      return new FakePage().copy;
    });
    expect(published).toBe(0);
  });
});
