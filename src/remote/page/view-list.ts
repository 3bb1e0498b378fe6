import { ageLabel } from "./ages.ts";
import type { AskSummary } from "./api.ts";
import { h, line } from "./dom.ts";

/** Every pending ask from every agent, oldest first: who asks, where, how long ago, the tabs. */
export function askList(
  asks: readonly AskSummary[],
  openId: string | undefined,
  now: number,
  open: (id: string) => void,
): HTMLElement {
  const pending = asks.filter((ask) => ask.state === "pending");
  return h(
    "nav",
    { class: "list", attrs: { "aria-label": "Waiting questions" } },
    h(
      "h2",
      {},
      pending.length === 1 ? "1 question waiting" : `${pending.length} questions waiting`,
    ),
    pending.length === 0
      ? h(
          "p",
          { class: "muted" },
          "No agent is waiting for an answer. This page updates by itself when one asks.",
        )
      : h(
          "ul",
          {},
          ...pending.map((ask) =>
            h(
              "li",
              {},
              h(
                "button",
                {
                  class: ask.id === openId ? "ask-item current" : "ask-item",
                  attrs: {
                    type: "button",
                    "data-ask": ask.id,
                    "aria-current": ask.id === openId ? "true" : undefined,
                  },
                  on: { click: () => open(ask.id) },
                },
                h(
                  "span",
                  { class: "ask-item-top" },
                  h("span", { class: "agent" }, line(ask.agent)),
                  ageLabel(ask.createdAt, now),
                ),
                h("span", { class: "cwd" }, line(ask.cwd)),
                h("span", { class: "headers" }, ask.headers.map(line).join(" · ")),
              ),
            ),
          ),
        ),
  );
}
