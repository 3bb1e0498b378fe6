/**
 * The key table: for each context the form can be in, which keys run which command. It is data,
 * so a user's config can override it and the footer can show the keys that are really in effect.
 */

export const KEY_CONTEXTS = ["list", "editor", "submit", "confirmCancel"] as const;

/** Where the keyboard is: a question's option list, an open text editor, the Submit tab, or the cancel confirmation. */
export type KeyContext = (typeof KEY_CONTEXTS)[number];

const PICK_ROWS = [
  "pickRow1",
  "pickRow2",
  "pickRow3",
  "pickRow4",
  "pickRow5",
  "pickRow6",
  "pickRow7",
  "pickRow8",
  "pickRow9",
] as const;

/**
 * The commands of each context, in matching order: the first command with a matching key wins.
 * Order matters where a terminal sends one byte for two keys: a legacy terminal sends "\n" for
 * both Ctrl+J and Enter, so the editor's newLine comes before saveDraft.
 */
export const CONTEXT_COMMANDS = {
  list: [
    "moveUp",
    "moveDown",
    "activate",
    "toggle",
    ...PICK_ROWS,
    "switchType",
    "askBack",
    "nextTab",
    "prevTab",
    "scrollPreviewUp",
    "scrollPreviewDown",
    "requestCancel",
    "cancelNow",
  ],
  editor: ["newLine", "saveDraft", "closeEditor", "nextTab", "prevTab", "cancelNow"],
  submit: [
    "focusSubmit",
    "focusCancel",
    "activate",
    "nextTab",
    "prevTab",
    "requestCancel",
    "cancelNow",
  ],
  confirmCancel: ["confirmCancel", "cancelNow"],
} as const;

export type ContextCommand<C extends KeyContext> = (typeof CONTEXT_COMMANDS)[C][number];
export type FormCommand = ContextCommand<KeyContext>;
export { PICK_ROWS };

/** Keys per command of one context; a command without keys cannot be run from the keyboard. */
type ContextBindings<C extends KeyContext> = {
  readonly [K in ContextCommand<C>]?: readonly string[];
};

export type FormKeymap = { readonly [C in KeyContext]: ContextBindings<C> };

export const DEFAULT_KEYMAP: FormKeymap = {
  list: {
    moveUp: ["up", "k"],
    moveDown: ["down", "j"],
    activate: ["enter"],
    toggle: ["space"],
    pickRow1: ["1"],
    pickRow2: ["2"],
    pickRow3: ["3"],
    pickRow4: ["4"],
    pickRow5: ["5"],
    pickRow6: ["6"],
    pickRow7: ["7"],
    pickRow8: ["8"],
    pickRow9: ["9"],
    switchType: ["t"],
    askBack: ["?"],
    nextTab: ["tab"],
    prevTab: ["shift+tab"],
    scrollPreviewUp: ["pageUp"],
    scrollPreviewDown: ["pageDown"],
    requestCancel: ["escape"],
    cancelNow: ["ctrl+c"],
  },
  editor: {
    newLine: ["shift+enter", "ctrl+j", "alt+enter"],
    saveDraft: ["enter"],
    closeEditor: ["escape"],
    nextTab: ["tab"],
    prevTab: ["shift+tab"],
    cancelNow: ["ctrl+c"],
  },
  submit: {
    focusSubmit: ["left"],
    focusCancel: ["right"],
    activate: ["enter"],
    nextTab: ["tab"],
    prevTab: ["shift+tab"],
    requestCancel: ["escape"],
    cancelNow: ["ctrl+c"],
  },
  confirmCancel: {
    // Both keys that open the prompt (Esc, Enter on the Cancel button) also confirm it.
    confirmCancel: ["escape", "enter"],
    cancelNow: ["ctrl+c"],
  },
};

/** Keys of one command, whatever the context's typing. */
export function keysOf(
  keymap: FormKeymap,
  context: KeyContext,
  command: string,
): readonly string[] {
  const bindings = keymap[context] as Readonly<Record<string, readonly string[] | undefined>>;
  return bindings[command] ?? [];
}
