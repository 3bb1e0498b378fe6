import type { AskDetails } from "../core/index.ts";
import type { RemoteAsk, RemoteEnd, SurfaceName } from "./client.ts";

/** How an ask ended, and the surface that ended it. */
export interface Ended {
  readonly details: AskDetails;
  readonly by: SurfaceName;
}

/** Shows the ask here; aborting `closed` ends it because another surface answered first. */
export type ShowHere = (closed: AbortSignal) => Promise<Ended | undefined>;

export interface RaceEnv {
  /** Publishes the ask to the answer server; rejects when none can be reached. */
  readonly publish: () => Promise<RemoteAsk>;
  /** The ask is on the page: show where (its URL), while it is open here. */
  readonly published?: (remote: RemoteAsk) => void;
  /** Another surface's answer is the result: the host says where it came from. */
  readonly answeredElsewhere: (by: SurfaceName) => void;
  /** No server could be reached: the host says so, and the ask goes on here alone. */
  readonly unavailable: (error: unknown) => void;
}

/**
 * The ask shown here and on the answer page at once; the first answer wins. The server decides
 * who was first: the page's answer closes the form here, and an answer or cancel here is claimed
 * (a claim that loses takes the page's answer instead). An end here that is no one's answer (a
 * turn abort, the session closing, the idle timeout, a broken form) withdraws the ask, so the
 * page says so and refuses a late answer. If the server cannot be reached the ask is asked here
 * alone, and the user is told; the result never waits for a server that has not opened it yet.
 */
export async function raceWithPage(showHere: ShowHere, env: RaceEnv): Promise<Ended | undefined> {
  const closeHere = new AbortController();
  let remote: RemoteAsk | undefined;
  let answeredThere: RemoteEnd | undefined;
  const publishing = env.publish().then(
    (published) => {
      remote = published;
      env.published?.(published);
      void published.ended.then((end) => {
        if (end.kind !== "resolved" || !end.details) return;
        answeredThere = end;
        closeHere.abort();
      });
      return published;
    },
    (error: unknown) => {
      env.unavailable(error);
      return undefined;
    },
  );
  const here = await showHere(closeHere.signal);
  if (!here) return undefined;
  if (!remote) {
    // Not on the page yet, so nobody there can have answered: this end stands, and the page is
    // told once it has the ask.
    void publishing.then((late) => late && endRemote(late, here));
    return here;
  }
  const end = answeredThere ?? (await endRemote(remote, here));
  if (!end?.details) return here;
  const by = end.by ?? "page";
  env.answeredElsewhere(by);
  return { details: end.details, by };
}

/** Tells the server how the ask ended here; returns the other surface's end if that one won. */
async function endRemote(
  remote: RemoteAsk,
  { details, by }: Ended,
): Promise<RemoteEnd | undefined> {
  if (
    details.status === "answered" ||
    (details.status === "cancelled" && details.origin === "user")
  ) {
    // A server that is gone cannot have taken another answer: the claim stands.
    const claim = await remote.claim(details, by).catch(() => ({ won: true as const }));
    return claim.won ? undefined : claim.end;
  }
  // An answer the page sent just before is the ask's end: its user was told it was sent.
  return remote.withdraw(
    details.status === "timed_out" ? "timed_out" : (details.origin ?? "ui_failure"),
  );
}
