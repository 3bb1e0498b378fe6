import type { FormState } from "../../core/index.ts";
import type { FormKeymap } from "../keymap/keymap.ts";
import { hint, pickCommands } from "./hints.ts";

/**
 * The footer of a question's option list, from the effective key table. `scrolls` names what the
 * scroll keys move now ("preview", "question"), if anything.
 */
export function listHints(
  state: FormState,
  keymap: FormKeymap,
  scrolls: "preview" | "question" | undefined,
): string[] {
  const question = state.ask.questions[state.tab];
  if (!question) return [];
  const rows = question.options.length + 1;
  const multi = question.multiSelect;
  return compact([
    hint(keymap, "list", ["moveUp", "moveDown"], "move"),
    multi ? hint(keymap, "list", ["toggle"], "toggle") : undefined,
    hint(keymap, "list", ["activate"], multi ? "confirm" : "select"),
    hint(keymap, "list", pickCommands(rows), multi ? "toggle row" : "pick row"),
    scrolls
      ? hint(keymap, "list", ["scrollPreviewUp", "scrollPreviewDown"], `scroll ${scrolls}`)
      : undefined,
    state.questions.length > 1
      ? hint(keymap, "list", ["nextTab", "prevTab"], "questions")
      : undefined,
    hint(keymap, "list", ["requestCancel"], "cancel") ??
      hint(keymap, "list", ["cancelNow"], "cancel"),
    // Last, as the answering keys come first: these change the question rather than answer it.
    // The switch names the type a press switches to, so the key reads as what it will do.
    hint(keymap, "list", ["switchType"], multi ? "single-select" : "multi-select"),
    hint(keymap, "list", ["askBack"], "ask back"),
  ]);
}

/** The footer while the Other or note editor is open. */
export function editorHints(state: FormState, keymap: FormKeymap): string[] {
  const mode = state.questions[state.tab]?.mode;
  return compact([
    hint(keymap, "editor", ["saveDraft"], mode === "askBack" ? "send to the agent" : "save"),
    hint(keymap, "editor", ["newLine"], "new line"),
    // Leaving keeps the draft; the hint says so, since other forms drop a draft on Esc.
    hint(
      keymap,
      "editor",
      ["closeEditor"],
      mode === "comment" ? "done (note kept)" : "back (text kept)",
    ),
    state.questions.length > 1
      ? hint(keymap, "editor", ["nextTab", "prevTab"], "questions")
      : undefined,
    hint(keymap, "editor", ["cancelNow"], "cancel"),
  ]);
}

/** The footer of the Submit tab. */
export function submitHints(keymap: FormKeymap): string[] {
  return compact([
    hint(keymap, "submit", ["focusSubmit", "focusCancel"], "choose"),
    hint(keymap, "submit", ["activate"], "confirm"),
    hint(keymap, "submit", ["nextTab", "prevTab"], "questions"),
    hint(keymap, "submit", ["requestCancel"], "cancel") ??
      hint(keymap, "submit", ["cancelNow"], "cancel"),
  ]);
}

function compact(items: readonly (string | undefined)[]): string[] {
  return items.filter((item): item is string => item !== undefined);
}
