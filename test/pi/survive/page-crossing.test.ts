import { describe, expect, it } from "vitest";
import type { AskDetails } from "../../../src/core/index.ts";
import type { RemoteAsk } from "../../../src/remote/client.ts";
import type { WithdrawOrigin } from "../../../src/remote/types.ts";
import { askOf } from "../../support/asks.ts";
import { Changes, waitFor } from "../../support/wait-for.ts";
import { askuserEntries, userMessages } from "../helpers/session-branch.ts";
import { type PiWorld, ScriptedModel, startWorld } from "../helpers/survive-pi.ts";
import { DATABASE, worldsCleanedUpAfterEach } from "./fixtures.ts";

const NO_WAIT = { questions: [DATABASE], waitForAnswer: false };
const { world, tempDir } = worldsCleanedUpAfterEach();
const STILL_KEPT =
  "ask_user: answers you gave to the agent's questions are still kept, as no run has taken them yet; they go to the agent with your next message.";

const PAGE_ANSWER: AskDetails = {
  status: "answered",
  questions: askOf({ questions: [DATABASE] }).questions,
  answers: { database: { selected: ["SQLite"] } },
  unanswered: [],
};

/**
 * An answer page whose user answers every ask just as Pi withdraws it: the withdrawal crosses
 * the answer, so the server refuses it (409) and `withdraw` resolves with the page's end.
 */
function crossingPage() {
  const withdrawals: WithdrawOrigin[] = [];
  /** What Pi reported of the page's answer reaching the agent (the page's "sent" waits on it). */
  const deliveries: string[] = [];
  const changes = new Changes();
  let published = 0;
  let following = 0;
  const publish = async (): Promise<RemoteAsk> => {
    published++;
    return {
      id: `a${published}`,
      pageUrl: "http://127.0.0.1:4711/?code=3f9a",
      // Read once Pi holds the page's entry and follows its end: the ask is then on the page
      // as far as Pi knows (a publish still in flight is another case).
      get ended() {
        following++;
        changes.notify();
        return new Promise<never>(() => {});
      },
      latestDraft: () => undefined,
      onDraft: () => () => {},
      claim: async () => ({ won: true }),
      withdraw: async (origin) => {
        withdrawals.push(origin);
        return { kind: "resolved", by: "page", details: PAGE_ANSWER };
      },
      reportDelivery: async (state) => {
        deliveries.push(state);
        changes.notify();
      },
    };
  };
  return {
    publish,
    withdrawals,
    deliveries,
    /** Resolves once Pi reported `count` delivery states. */
    whenReported: (count: number) =>
      waitFor("the delivery report", changes, () => deliveries.length >= count),
    published: () => published,
    /** Resolves once Pi published its ask to the page and follows it there. */
    whenPublished: () => waitFor("the ask on the page", changes, () => following === 1),
  };
}

const pageAnswers = (w: PiWorld) =>
  userMessages(w.branch()).filter((text) => text.startsWith("[ask_user]"));
const ends = (w: PiWorld) => askuserEntries(w.branch()).filter((e) => e.type === "askuser-answer");
const endedNotes = (w: PiWorld) =>
  w.branch().filter((e) => e.type === "custom_message" && e.customType === "askuser-ended");

describe("an answer the page gave just as Pi withdrew its ask", () => {
  it("/reload: the page's answer is the ask's, and the next message carries it to the agent, once", async () => {
    const page = crossingPage();
    const w = await world({
      publish: page.publish,
      model: new ScriptedModel().askUser(NO_WAIT).text("Working.").text("SQLite it is."),
    });
    await w.runtime.session.prompt("Plan the order service");
    await page.whenPublished();
    await w.runtime.session.reload();
    // Kept for the next run: the user's next message carries it.
    expect(w.ui.widgetText("askuser-recovery")).toBe(STILL_KEPT);
    expect(w.model.requests).toHaveLength(2);
    await w.runtime.session.prompt("Go on.");
    await w.runtime.session.waitForIdle();
    expect(
      w.model.userTexts(w.model.requests[2]).filter((t) => t.startsWith("[ask_user]")),
    ).toEqual([expect.stringContaining('= "SQLite"')]);

    // The reloaded extension asks it again: the page tells a late answer where it went.
    expect(page.withdrawals).toEqual(["republished"]);
    expect(pageAnswers(w)).toHaveLength(1);
    expect(pageAnswers(w)[0]).toContain('"Which database should the service use?" = "SQLite"');
    // The page said "sent"; the closing instance kept it for the reloaded one, and says so
    // (the reloaded instance does not know the page's copy: it cannot say "delivered" later).
    expect(page.deliveries).toEqual(["owed"]);
    expect(endedNotes(w)).toEqual([]);
    expect(w.ui.widgetText()).toBeUndefined();
    // Nothing waits any more, so the reloaded extension puts nothing on the page again.
    expect(page.published()).toBe(1);
  });

  it("/reload with the ask's form open here: the page's answer wins over the form, once", async () => {
    const page = crossingPage();
    const w = await world({
      publish: page.publish,
      model: new ScriptedModel().askUser(NO_WAIT).text("Working.").text("SQLite it is."),
    });
    await w.runtime.session.prompt("Plan the order service");
    await page.whenPublished();
    const answering = w.command("/answer");
    await w.ui.nextForm();
    await w.runtime.session.reload();
    await answering;
    await w.runtime.session.prompt("Go on.");
    await w.runtime.session.waitForIdle();

    expect(pageAnswers(w)).toHaveLength(1);
    expect(pageAnswers(w)[0]).toContain('= "SQLite"');
    expect(w.ui.widgetText()).toBeUndefined();
  });

  it("session close: the page's answer is recorded, reaches the agent with the first message after pi --continue, and only once", async () => {
    const dir = tempDir("askuser-page-crossing-");
    const page = crossingPage();
    const first = await startWorld({
      dir,
      publish: page.publish,
      model: new ScriptedModel().askUser(NO_WAIT).text("Working."),
    });
    await first.runtime.session.prompt("Plan the order service");
    await page.whenPublished();
    const file = first.runtime.session.sessionFile ?? "";
    await first.dispose();
    expect(page.withdrawals).toEqual(["session_closed"]);
    // Recorded as owed: the page says it is kept for the session's next run.
    expect(page.deliveries).toEqual(["owed"]);

    const second = await startWorld({
      dir,
      sessionFile: file,
      publish: page.publish,
      model: new ScriptedModel().text("SQLite it is."),
    });
    expect(second.ui.widgetText("askuser-recovery")).toBe(STILL_KEPT);
    expect(second.model.requests).toEqual([]);
    await second.runtime.session.prompt("Go on.");
    await second.runtime.session.waitForIdle();
    expect(pageAnswers(second)).toHaveLength(1);
    expect(pageAnswers(second)[0]).toContain('"Which database should the service use?" = "SQLite"');
    expect(endedNotes(second)).toEqual([]);
    expect(page.published()).toBe(1);
    await second.dispose();

    const third = await world({ dir, sessionFile: file, publish: page.publish });
    expect(pageAnswers(third)).toHaveLength(1);
    expect(third.model.requests).toEqual([]);
    expect(ends(third).filter((e) => e.data.delivered === "message")).toHaveLength(2);
    expect(page.published()).toBe(1);
  });
  it("a tool turned off: the page's crossing answer is not sent, and the user is told so", async () => {
    const page = crossingPage();
    const w = await world({
      publish: page.publish,
      model: new ScriptedModel().askUser(NO_WAIT).text("Working."),
    });
    await w.runtime.session.prompt("Plan the order service");
    await page.whenPublished();
    w.runtime.session.setActiveToolsByName(["read"]);
    await w.command("/answer");
    await w.ui.notification("the notice about the page's answer", (text) =>
      text.includes("that answer was not sent"),
    );
    expect(page.withdrawals).toEqual(["disabled"]);
    expect(pageAnswers(w)).toEqual([]);
    await page.whenReported(1);
    expect(page.deliveries).toEqual(["lost"]);
    expect(ends(w)).toHaveLength(1);
  });
});
