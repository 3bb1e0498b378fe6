import { detailsFromForm, type FormState, formatAnswerValue, modelText } from "../../core/index.ts";
import { deliveryHeading } from "../answerer-words.ts";
import type { Resolution } from "./api.ts";
import type { Phase } from "./ask-session.ts";
import { block, type Child, h, line } from "./dom.ts";
import type { AskHandlers } from "./view-ask.ts";
import { answeredWhere, DRAFT_LOST, DRAFT_TAKEN, withdrawnWhy } from "./wording.ts";

/**
 * How an ask ended, from this page's side: sending, sent (what the server accepted, and whether
 * the agent holds it yet, as its host reports), not sent
 * (and why), someone else first (what the agent received), or the agent stopped waiting.
 */
export function endedView(phase: Phase, state: FormState, handlers: AskHandlers): HTMLElement {
  const next =
    handlers.next &&
    h(
      "button",
      { attrs: { type: "button", "data-action": "next" }, on: { click: handlers.next } },
      "Next question",
    );
  switch (phase.kind) {
    case "answering":
    case "sending":
      return h(
        "section",
        { class: "ended", attrs: { role: "status" } },
        h(
          "p",
          {},
          phase.kind === "sending" && phase.what === "cancel"
            ? "Sending the cancel…"
            : "Sending your answer…",
        ),
      );
    case "sent":
      return h(
        "section",
        { class: "ended sent", attrs: { role: "status" } },
        h("h2", {}, deliveryHeading(phase.delivery, phase.what)),
        h("pre", { class: "model-text" }, block(phase.text)),
        next,
      );
    case "failed":
      return h(
        "section",
        { class: "ended failed", attrs: { role: "alert" } },
        h("h2", {}, `Not sent: ${phase.message}.`),
        phase.problems.length > 0 &&
          h("ul", {}, ...phase.problems.map((problem) => h("li", {}, line(problem)))),
        h(
          "div",
          { class: "actions" },
          h(
            "button",
            {
              class: "primary",
              attrs: { type: "button", "data-action": "retry" },
              on: { click: handlers.retry },
            },
            "Try again",
          ),
          h(
            "button",
            {
              attrs: { type: "button", "data-action": "back" },
              on: { click: handlers.backToForm },
            },
            "Back to the form",
          ),
        ),
      );
    case "taken": {
      const text =
        phase.resolution.text ||
        (phase.resolution.details ? modelText(phase.resolution.details) : "");
      return h(
        "section",
        { class: "ended taken", attrs: { role: "alert" } },
        h("h2", {}, `${endedVerb(phase.resolution)} ${answeredWhere(phase.resolution.by)}.`),
        phase.hadAnswers &&
          h("p", { class: "warning" }, "Your answers on this page were not sent."),
        h("p", {}, "The agent received:"),
        h("pre", { class: "model-text" }, block(text)),
        next,
      );
    }
    case "withdrawn":
      return h(
        "section",
        { class: "ended withdrawn", attrs: { role: "alert" } },
        h("h2", {}, `The agent stopped waiting: ${withdrawnWhy(phase.origin)}.`),
        ...(phase.draftLost
          ? draftLostView(state)
          : phase.draftTaken
            ? [h("p", {}, DRAFT_TAKEN)]
            : [
                h(
                  "p",
                  { class: "warning" },
                  phase.hadAnswers
                    ? "This question can no longer be answered: your answers on this page were not sent."
                    : "This question can no longer be answered.",
                ),
              ]),
        next,
      );
  }
}

/** What the other surface did: an answer, a cancel, or some other end; never more than the details say. */
function endedVerb(resolution: Resolution): string {
  const status = resolution.details?.status;
  if (status === "answered") return "Answered";
  if (status === "cancelled") return "Cancelled";
  return "Ended";
}

/**
 * The page saved a draft, and the agent's result was given without it: the user is told so, and
 * sees the answers it held, so nothing they chose is lost from view.
 */
function draftLostView(state: FormState): Child[] {
  const details = detailsFromForm({ ...state, resolution: { kind: "submitted" } });
  const rows = state.ask.questions.flatMap((question) => {
    const answer = details.answers[question.id];
    return answer ? [h("li", {}, line(`${question.header}: ${formatAnswerValue(answer)}`))] : [];
  });
  return [
    h("p", { class: "warning" }, DRAFT_LOST),
    rows.length > 0 && h("p", {}, "Your answers on this page, kept here:"),
    rows.length > 0 && h("ul", { class: "kept-answers" }, ...rows),
  ];
}
