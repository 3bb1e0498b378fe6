import type { FormAction, Question, QuestionMode, QuestionState } from "../../core/index.ts";
import { block, h, line } from "./dom.ts";
import { previewButton, previewPanel } from "./view-preview.ts";

export type EditorMode = Exclude<QuestionMode, "options">;

/** What a question's view can ask the page to do. */
export interface QuestionHandlers {
  readonly dispatch: (...actions: FormAction[]) => void;
  /** The open editor's element, kept across renders so typing, the caret and the IME survive. */
  readonly editor: (mode: EditorMode, draft: string) => HTMLTextAreaElement;
  /** The option whose preview the user asked to see, if any (else the highlighted one's shows). */
  readonly previewed: number | undefined;
  readonly showPreview: (row: number) => void;
}

/** The nine rows a digit key picks, as in the terminal form. */
export const DIGIT_ROWS = 9;

/**
 * One question: context, the question, its options and the "Other" row, the open editor, the
 * highlighted option's preview. Clicks are the terminal's keys on that row: on a single-select
 * question a click is Enter (pick and go on), on a multi-select one it is Space (toggle).
 */
export function questionView(
  question: Question,
  state: QuestionState,
  handlers: QuestionHandlers,
): HTMLElement {
  const { dispatch } = handlers;
  const otherRow = question.options.length;
  const editing = state.mode !== "options";
  const rowAction = (index: number): FormAction[] => {
    const leave: FormAction[] = state.mode === "freeform" ? [{ type: "closeEditor" }] : [];
    if (index === otherRow) return [...leave, { type: "highlight", index }, { type: "toggle" }];
    return [
      ...leave,
      { type: "highlight", index },
      { type: question.multiSelect ? "toggle" : "activate" },
    ];
  };
  const hasSide = question.options.some((option) => option.preview !== undefined);
  const shown = handlers.previewed ?? state.highlight;
  const rows = question.options.map((option, index) => {
    const row = optionRow({
      index,
      multiSelect: question.multiSelect,
      highlighted: state.highlight === index,
      checked: state.selected.includes(index),
      disabled: state.mode === "comment" || state.mode === "askBack",
      label: line(option.label),
      description: option.description === undefined ? undefined : block(option.description),
      onClick: () => dispatch(...rowAction(index)),
    });
    if (option.preview === undefined) return row;
    const label = line(option.label);
    return h(
      "div",
      { class: "option-line" },
      row,
      previewButton(index, label, hasSide && shown === index, () => handlers.showPreview(index)),
    );
  });
  rows.push(
    optionRow({
      index: otherRow,
      multiSelect: question.multiSelect,
      highlighted: state.highlight === otherRow,
      checked: state.other !== undefined,
      disabled: state.mode === "comment" || state.mode === "askBack",
      label: "Other",
      description: state.other === undefined ? "Type your own answer" : block(state.other),
      onClick: () => dispatch(...rowAction(otherRow)),
      other: true,
    }),
  );
  return h(
    "section",
    { class: hasSide ? "question with-preview" : "question" },
    question.context === undefined
      ? undefined
      : h("p", { class: "context" }, block(question.context)),
    h("h2", { class: "question-text" }, line(question.question)),
    question.multiSelect && h("p", { class: "hint" }, "Select all that apply."),
    h(
      "div",
      { class: "body" },
      h(
        "div",
        {
          class: "options",
          attrs: {
            role: question.multiSelect ? "group" : "radiogroup",
            "aria-label": line(question.question),
          },
        },
        ...rows,
        state.mode === "freeform" && otherEditor(question, state, handlers),
      ),
      hasSide && previewPanel(question, shown),
    ),
    state.mode === "comment" && noteEditor(state, handlers),
    state.mode === "askBack" && askBackEditor(state, handlers),
    state.mode !== "comment" &&
      state.comment !== undefined &&
      h("p", { class: "note" }, h("span", { class: "muted" }, "Note: "), block(state.comment)),
    question.multiSelect &&
      !editing &&
      h(
        "div",
        { class: "actions" },
        h(
          "button",
          {
            class: "primary",
            attrs: { type: "button", "data-action": "confirm" },
            on: { click: () => dispatch({ type: "highlight", index: 0 }, { type: "activate" }) },
          },
          "Confirm selection",
        ),
      ),
    !editing && questionTools(question, dispatch),
  );
}

/** The terminal's `t` and `?`: show the question as the other type, or ask the agent back. */
function questionTools(question: Question, dispatch: QuestionHandlers["dispatch"]): HTMLElement {
  const tool = (action: string, key: string, run: FormAction, text: string) =>
    h(
      "button",
      {
        class: "tool",
        attrs: { type: "button", "data-action": action, "aria-keyshortcuts": key },
        on: { click: () => dispatch(run) },
      },
      text,
    );
  return h(
    "div",
    { class: "actions tools" },
    tool(
      "switch-type",
      "t",
      { type: "switchType" },
      question.multiSelect ? "Answer with one choice" : "Answer with several choices",
    ),
    tool("ask-back", "?", { type: "openAskBack" }, "Ask the agent instead"),
  );
}

function askBackEditor(state: QuestionState, handlers: QuestionHandlers): HTMLElement {
  const textarea = handlers.editor("askBack", state.draft);
  return h(
    "div",
    { class: "editor" },
    h(
      "label",
      { attrs: { for: textarea.id } },
      "Your question for the agent: sending it ends this ask with your answers so far",
    ),
    textarea,
    h(
      "div",
      { class: "actions" },
      h(
        "button",
        {
          class: "primary",
          attrs: { type: "button", "data-action": "send-ask-back" },
          on: { click: () => handlers.dispatch({ type: "saveDraft" }) },
        },
        "Send the question",
      ),
      h(
        "button",
        {
          attrs: { type: "button", "data-action": "close-ask-back" },
          on: { click: () => handlers.dispatch({ type: "closeEditor" }) },
        },
        "Back to answering",
      ),
      h("span", { class: "muted keys" }, "Enter sends · Shift+Enter new line · Esc keeps it"),
    ),
  );
}

interface RowSpec {
  readonly index: number;
  readonly multiSelect: boolean;
  readonly highlighted: boolean;
  readonly checked: boolean;
  readonly disabled: boolean;
  readonly label: string;
  readonly description: string | undefined;
  readonly onClick: () => void;
  readonly other?: boolean;
}

function optionRow(spec: RowSpec): HTMLElement {
  const classes = ["option"];
  if (spec.highlighted) classes.push("highlighted");
  if (spec.checked) classes.push("checked");
  if (spec.other) classes.push("other");
  const mark = spec.multiSelect ? (spec.checked ? "☑" : "☐") : spec.checked ? "●" : "○";
  return h(
    "button",
    {
      class: classes.join(" "),
      attrs: {
        type: "button",
        role: spec.multiSelect ? "checkbox" : "radio",
        "aria-checked": String(spec.checked),
        "data-row": String(spec.index),
        disabled: spec.disabled,
      },
      on: { click: spec.onClick },
    },
    h("span", { class: "mark", attrs: { "aria-hidden": "true" } }, mark),
    h(
      "span",
      { class: "key", attrs: { "aria-hidden": "true" } },
      spec.index < DIGIT_ROWS ? String(spec.index + 1) : "",
    ),
    h(
      "span",
      { class: "text" },
      h("span", { class: "label" }, spec.label),
      spec.description !== undefined && h("span", { class: "description" }, spec.description),
    ),
  );
}

function otherEditor(
  question: Question,
  state: QuestionState,
  handlers: QuestionHandlers,
): HTMLElement {
  const textarea = handlers.editor("freeform", state.draft);
  textarea.setAttribute("aria-describedby", "other-hint");
  return h(
    "div",
    { class: "editor" },
    h("label", { attrs: { for: textarea.id } }, "Your own answer"),
    textarea,
    h(
      "p",
      { class: "muted editor-hint", attrs: { id: "other-hint" } },
      question.multiSelect
        ? "Sent with the options you check. Save it empty to take it back."
        : "Sent instead of the options. Save it empty to take it back.",
    ),
    h(
      "div",
      { class: "actions" },
      h(
        "button",
        {
          class: "primary",
          attrs: { type: "button", "data-action": "save-other" },
          on: { click: () => handlers.dispatch({ type: "saveDraft" }) },
        },
        question.multiSelect ? "Save" : "Save and go on",
      ),
      h(
        "span",
        { class: "muted keys" },
        "Enter saves · Shift+Enter new line · Esc keeps it unconfirmed",
      ),
    ),
  );
}

function noteEditor(state: QuestionState, handlers: QuestionHandlers): HTMLElement {
  const textarea = handlers.editor("comment", state.draft);
  return h(
    "div",
    { class: "editor" },
    h("label", { attrs: { for: textarea.id } }, "Add a note for the agent (optional)"),
    textarea,
    h(
      "div",
      { class: "actions" },
      h(
        "button",
        {
          class: "primary",
          attrs: { type: "button", "data-action": "save-note" },
          on: { click: () => handlers.dispatch({ type: "saveDraft" }) },
        },
        "Done",
      ),
      h("span", { class: "muted keys" }, "Enter saves · Shift+Enter new line"),
    ),
  );
}
