import {
  detailsFromForm,
  type FormAction,
  type FormState,
  isSubmitTab,
  modelText,
  withProvenance,
} from "../../core/index.ts";
import { ageLabel } from "./ages.ts";
import type { AskSession } from "./ask-session.ts";
import { block, h, line } from "./dom.ts";
import { endedView } from "./view-ended.ts";
import { DIGIT_ROWS, type QuestionHandlers, questionView } from "./view-question.ts";

export interface AskHandlers extends QuestionHandlers {
  readonly retry: () => void;
  readonly backToForm: () => void;
  /** Opens the next waiting ask, when there is one. */
  readonly next: (() => void) | undefined;
}

/** One ask: who asks and where, its tabs, then the form or how it ended. */
export function askView(session: AskSession, now: number, handlers: AskHandlers): HTMLElement {
  const { record, state, phase } = session;
  const answering = phase.kind === "answering";
  return h(
    "article",
    { class: "ask", attrs: { "aria-label": "Question from the agent" } },
    h(
      "header",
      { class: "ask-header" },
      h("span", { class: "agent" }, line(record.agent)),
      h("span", { class: "cwd" }, line(record.cwd)),
      ageLabel(record.createdAt, now),
    ),
    answering && state.ask.questions.length > 1 && tabBar(state, handlers.dispatch),
    answering ? formBody(session, handlers) : endedView(phase, state, handlers),
  );
}

function formBody(session: AskSession, handlers: AskHandlers): HTMLElement {
  const { state } = session;
  const question = state.ask.questions[state.tab];
  const current = state.questions[state.tab];
  const main =
    isSubmitTab(state) || !question || !current
      ? reviewView(state, handlers.dispatch)
      : questionView(question, current, handlers);
  return h(
    "div",
    { class: "form" },
    session.restoredFrom !== "nothing" &&
      h(
        "p",
        { class: "muted restored" },
        `Your answers so far were restored from ${session.restoredFrom}.`,
      ),
    main,
    noticeView(state),
    state.cancelArmed ? cancelConfirmation(handlers.dispatch) : footer(state, handlers.dispatch),
    session.draftProblem !== undefined &&
      h(
        "p",
        { class: "warning", attrs: { role: "status" } },
        `Draft kept in this browser only: ${session.draftProblem}.`,
      ),
  );
}

function tabBar(state: FormState, dispatch: (...actions: FormAction[]) => void): HTMLElement {
  const tabs = state.ask.questions.map((question, index) => {
    const done = state.questions[index]?.confirmed === true;
    return tab(
      `${done ? "✓" : "○"} ${line(question.header)}`,
      index,
      state.tab === index,
      done,
      dispatch,
    );
  });
  tabs.push(tab("Submit", state.ask.questions.length, isSubmitTab(state), false, dispatch));
  return h(
    "nav",
    { class: "tabs", attrs: { role: "tablist", "aria-label": "Questions" } },
    ...tabs,
  );
}

function tab(
  text: string,
  index: number,
  active: boolean,
  done: boolean,
  dispatch: (...actions: FormAction[]) => void,
): HTMLButtonElement {
  return h(
    "button",
    {
      class: `tab${active ? " active" : ""}${done ? " done" : ""}`,
      attrs: {
        type: "button",
        role: "tab",
        "aria-selected": String(active),
        "data-tab": String(index),
      },
      on: { click: () => dispatch({ type: "gotoTab", index }) },
    },
    text,
  );
}

/** The Submit tab: exactly the text the agent will receive if the user submits now. */
function reviewView(state: FormState, dispatch: (...actions: FormAction[]) => void): HTMLElement {
  // The server records the page as where it was given, and the agent reads that too.
  const details = withProvenance(detailsFromForm({ ...state, resolution: { kind: "submitted" } }), {
    place: "page",
    reporter: "client",
  });
  return h(
    "section",
    { class: "review" },
    h("h2", {}, "Review your answers. The agent will receive:"),
    h("pre", { class: "model-text", attrs: { "data-role": "review" } }, block(modelText(details))),
    h(
      "div",
      { class: "actions" },
      h(
        "button",
        {
          class: "primary",
          attrs: { type: "button", "data-action": "submit" },
          // The only button here is Submit, always the focused one: a focus action would take
          // back an armed "submit with unanswered questions", so a second press would arm again.
          on: { click: () => dispatch({ type: "activate" }) },
        },
        "Submit",
      ),
    ),
  );
}

function noticeView(state: FormState): HTMLElement | undefined {
  const notice = state.notice;
  if (!notice) return undefined;
  if (notice.kind === "select_first") {
    return h(
      "p",
      { class: "warning", attrs: { role: "alert" } },
      "Select at least one option first, or choose Other.",
    );
  }
  if (notice.kind === "confirm_single_select") {
    const others =
      notice.dropped === 1 ? "1 other choice is" : `${notice.dropped} other choices are`;
    return h(
      "p",
      { class: "warning", attrs: { role: "alert" } },
      `Single-select keeps only "${line(notice.keep)}"; ${others} dropped (typed text is kept). Switch again to confirm.`,
    );
  }
  const headers = state.ask.questions
    .filter((question) => notice.unanswered.includes(question.id))
    .map((question) => line(question.header));
  return h(
    "p",
    { class: "warning", attrs: { role: "alert" } },
    `Unanswered: ${headers.join(", ")}. Press Submit again to send the form with ${headers.length === 1 ? "it" : "them"} unanswered.`,
  );
}

function footer(state: FormState, dispatch: (...actions: FormAction[]) => void): HTMLElement {
  return h(
    "div",
    { class: "footer" },
    h(
      "button",
      {
        class: "quiet",
        attrs: { type: "button", "data-action": "cancel" },
        on: { click: () => dispatch({ type: "requestCancel" }) },
      },
      "Cancel questions",
    ),
    h("span", { class: "muted keys" }, keyHints(state)),
  );
}

/** The keys that do something here, and only those (the page's keys are in keys.ts). */
function keyHints(state: FormState): string {
  const several = state.ask.questions.length > 1;
  const question = state.ask.questions[state.tab];
  const hints: string[] = [];
  if (isSubmitTab(state) || !question) hints.push("Enter submit");
  else {
    const rows = Math.min(question.options.length + 1, DIGIT_ROWS);
    hints.push("↑↓ move");
    hints.push(question.multiSelect ? "Space toggle · Enter confirm" : "Enter pick");
    hints.push(`1-${rows} pick a row`);
  }
  if (several) hints.push("←→ questions");
  hints.push("Esc cancel");
  return hints.join(" · ");
}

function cancelConfirmation(dispatch: (...actions: FormAction[]) => void): HTMLElement {
  return h(
    "div",
    { class: "confirm", attrs: { role: "alertdialog", "aria-label": "Cancel the questions?" } },
    h("p", {}, "Cancel the questions? The answers given so far go to the agent with the cancel."),
    h(
      "div",
      { class: "actions" },
      h(
        "button",
        {
          class: "danger",
          attrs: { type: "button", "data-action": "confirm-cancel" },
          on: { click: () => dispatch({ type: "requestCancel" }) },
        },
        "Cancel questions",
      ),
      h(
        "button",
        {
          attrs: { type: "button", "data-action": "keep-answering" },
          // Any action but a cancel takes the confirmation back, changing nothing else.
          on: { click: () => dispatch({ type: "focusButton", button: "submit" }) },
        },
        "Keep answering",
      ),
    ),
  );
}
