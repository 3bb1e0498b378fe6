import type { Question } from "../../core/index.ts";
import { block, h, line } from "./dom.ts";

/** The aside's id: each option's "Preview" button names what it shows. */
const PREVIEW_ID = "option-preview";

/**
 * The preview panel: the option the user asked to see, else the highlighted one. Lines are kept
 * as written (indentation is meaning in code and trees): a long line scrolls sideways, inside a
 * region a keyboard can reach and scroll.
 */
export function previewPanel(question: Question, shown: number): HTMLElement {
  const option = question.options[shown];
  const label = option === undefined ? "" : line(option.label);
  return h(
    "aside",
    { class: "side", attrs: { id: PREVIEW_ID, "aria-label": `Preview of ${label}` } },
    h("p", { class: "preview-title" }, `Preview: ${label}`),
    option?.preview === undefined
      ? h("p", { class: "muted" }, "No preview for this option.")
      : h(
          "pre",
          {
            class: "preview",
            attrs: {
              tabindex: "0",
              role: "region",
              "aria-label": `Preview of ${label}, scrollable`,
            },
          },
          block(option.preview),
        ),
  );
}

/**
 * Shows an option's preview without choosing it: on a phone a tap on the option picks it, so
 * seeing what it means first needs a control of its own.
 */
export function previewButton(
  row: number,
  label: string,
  shown: boolean,
  show: () => void,
): HTMLElement {
  return h(
    "button",
    {
      class: shown ? "preview-toggle shown" : "preview-toggle",
      attrs: {
        type: "button",
        "data-action": "preview",
        "data-preview": String(row),
        "aria-controls": PREVIEW_ID,
        "aria-pressed": String(shown),
        "aria-label": `Preview ${label}`,
      },
      on: { click: show },
    },
    "Preview",
  );
}
