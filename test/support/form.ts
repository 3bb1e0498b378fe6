import {
  type AskInput,
  createFormState,
  type FormAction,
  type FormOptions,
  type FormState,
  reduceForm,
} from "../../src/core/index.ts";
import { askOf } from "./asks.ts";

/** Shorthand actions so reducer tables read like a user session. */
export const A = {
  up: { type: "moveUp" },
  down: { type: "moveDown" },
  enter: { type: "activate" },
  space: { type: "toggle" },
  tab: { type: "nextTab" },
  backTab: { type: "prevTab" },
  save: { type: "saveDraft" },
  escEditor: { type: "closeEditor" },
  esc: { type: "requestCancel" },
  ctrlC: { type: "cancelNow" },
  submit: { type: "submit" },
  row: (index: number): FormAction => ({ type: "pickRow", index }),
  type: (text: string): FormAction => ({ type: "editDraft", text }),
  goto: (index: number): FormAction => ({ type: "gotoTab", index }),
  focus: (button: "submit" | "cancel"): FormAction => ({ type: "focusButton", button }),
  abort: { type: "end", resolution: { kind: "cancelled", origin: "turn_abort" } },
  timeout: { type: "end", resolution: { kind: "timed_out" } },
  switchType: { type: "switchType" },
  askBack: { type: "openAskBack" },
} as const satisfies Record<string, FormAction | ((...args: never[]) => FormAction)>;

export function play(
  payload: AskInput,
  actions: readonly FormAction[],
  options?: FormOptions,
): FormState {
  return actions.reduce(reduceForm, createFormState(askOf(payload), undefined, options));
}
