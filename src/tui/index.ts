export { AskForm, type AskFormOptions, keyContext } from "./ask-form.ts";
export { inlineTui, ScrollbackKeepingTerminal } from "./keep-scrollback.ts";
export { decodeKey } from "./keymap/decode.ts";
export {
  CONTEXT_COMMANDS,
  type ContextBindings,
  type ContextCommand,
  DEFAULT_KEYMAP,
  type FormCommand,
  type FormKeymap,
  KEY_CONTEXTS,
  type KeyContext,
} from "./keymap/keymap.ts";
export {
  KeymapError,
  type KeymapResult,
  keymapProblems,
  mergeKeymap,
} from "./keymap/validate-keymap.ts";
export { type FormFrame, type FrameInput, renderFormFrame } from "./render/frame.ts";
export {
  runTerminalForm,
  type SignalSource,
  type TerminalFormOptions,
} from "./run-terminal-form.ts";
export {
  defaultAnsiTheme,
  type FormTheme,
  identityTheme,
  type PiThemeLike,
  type Style,
  themeFromPi,
} from "./theme.ts";
