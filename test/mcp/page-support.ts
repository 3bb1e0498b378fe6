import type { PageChannel } from "../../src/mcp/page-channel.ts";
import { publishAsk } from "../../src/remote/client.ts";
import type { RunningServer } from "../../src/remote/serve.ts";
import { askInLink } from "../remote/support.ts";
import { Changes, waitFor } from "../support/wait-for.ts";
import type { Harness } from "./mcp-harness.ts";

/** The answer page of a server running in this process. */
export interface WatchedPage extends PageChannel {
  /** Told of each draft from the page that the ask took, and of what a test adds. */
  readonly changes: Changes;
  draftsTaken(): number;
}

export function pageOn(
  running: RunningServer & { env: Record<string, string> },
  options: { readonly reportsDelivery?: boolean } = {},
): WatchedPage {
  const changes = new Changes();
  let taken = 0;
  return {
    changes,
    draftsTaken: () => taken,
    publish: async (ask, signal) => {
      const copy = await publishAsk(
        ask,
        { agent: "mcp-test", cwd: "/tmp", pid: process.pid },
        { signal, env: running.env, reportsDelivery: options.reportsDelivery === true },
      );
      const onDraft = copy.onDraft.bind(copy);
      return Object.assign(copy, {
        onDraft: (listener: Parameters<typeof onDraft>[0]) =>
          onDraft((draft) => {
            listener(draft);
            taken += 1;
            changes.notify();
          }),
      });
    },
  };
}

/**
 * The id of the ask on the page, once askuser holds it there: it says where to answer when its
 * publish returned (an ask the server holds while the publish is still on its way back is
 * another case).
 */
export async function pendingAskId(on: Harness | undefined): Promise<string> {
  if (!on) throw new Error("no harness");
  const line = await waitFor("the page link on stderr", on.changes, () =>
    on.stderr.find((text) => text.includes("answer at http")),
  );
  return askInLink(line.slice(line.indexOf("http")));
}

/** The ask's entry once it was withdrawn from the page. */
export function withdrawnAsk(running: RunningServer, id: string) {
  return waitFor("the ask withdrawn", running.registry, () => {
    const entry = running.registry.get(id);
    return entry?.state === "withdrawn" && entry;
  });
}
