import { h } from "./dom.ts";
import { age } from "./wording.ts";

/** Carried by every age label: when its ask was created, in epoch milliseconds. */
const CREATED = "data-created";

/** "4 min ago" for an ask created at `createdAt`, kept current by `refreshAges`. */
export function ageLabel(createdAt: number, now: number): HTMLElement {
  return h("span", { class: "age", attrs: { [CREATED]: String(createdAt) } }, age(createdAt, now));
}

/**
 * Brings every age label under `root` up to `now`, in place. The ages are all that changes on the
 * page with time alone, and drawing the page again for them would put new elements in place of
 * the controls: a browser sends no click for a press whose element was replaced, so the tap of a
 * finger that is down as the minute turns would be lost. A label's element stays the same; only
 * its text changes, and only when the wording does.
 */
export function refreshAges(root: ParentNode, now: number): void {
  for (const label of root.querySelectorAll<HTMLElement>(`[${CREATED}]`)) {
    const createdAt = Number(label.getAttribute(CREATED));
    if (!Number.isFinite(createdAt)) continue;
    const text = age(createdAt, now);
    if (label.textContent !== text) label.textContent = text;
  }
}
