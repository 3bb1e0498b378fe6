import { describe, expect, it } from "vitest";
import type { AskDetails } from "../../../src/core/index.ts";
import { PendingOnPage } from "../../../src/pi/remote/pending-on-page.ts";
import { type PendingAsk, PendingAsks } from "../../../src/pi/survive/pending-asks.ts";
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
    expect(page.calls).toEqual(["withdraw republished"]);
  });

  it("a quit withdraws it as session_closed; an answer that crossed it ends the ask as the user's", async () => {
    const { onPage, page, ends } = await waitingOnPage();
    page.crossing = { kind: "resolved", by: "page", details: THERE };
    await onPage.withdrawAll("close");
    expect(page.calls).toEqual(["withdraw session_closed"]);
    expect(ends).toEqual([THERE]);
  });

  it("/answer skip is the user's cancel: it is claimed as Pi's, never left open on the page", async () => {
    const { asks, page } = await waitingOnPage();
    await asks.skip("e1");
    expect(page.calls).toEqual(["claim cancelled by pi"]);
  });
});
