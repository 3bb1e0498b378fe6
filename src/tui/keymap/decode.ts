import { matchesKey } from "@earendil-works/pi-tui";
import {
  CONTEXT_COMMANDS,
  type ContextCommand,
  type FormKeymap,
  type KeyContext,
  keysOf,
} from "./keymap.ts";

/** The command a key press runs in a context, or undefined when the table does not bind it. */
export function decodeKey<C extends KeyContext>(
  keymap: FormKeymap,
  context: C,
  data: string,
): ContextCommand<C> | undefined {
  const commands: readonly ContextCommand<C>[] = CONTEXT_COMMANDS[context];
  for (const command of commands) {
    for (const key of keysOf(keymap, context, command)) {
      // KeyId is a template-literal type; the table was validated against the same key names.
      if (matchesKey(data, key as Parameters<typeof matchesKey>[1])) return command;
    }
  }
  return undefined;
}
