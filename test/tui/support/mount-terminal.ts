import { type Terminal, TuiMainScreen } from "@earendil-works/pi-tui";
import type { AskDetails, AskInput, Clock } from "../../../src/core/index.ts";
import { AskForm } from "../../../src/tui/ask-form.ts";
import { inlineTui } from "../../../src/tui/keep-scrollback.ts";
import { identityTheme } from "../../../src/tui/theme.ts";
import { type KeyName, keyBytes } from "./keys.ts";
import { personClock } from "./person-clock.ts";
import { askOf } from "./render-form.ts";
import { VirtualTerminal } from "./virtual-terminal.ts";

/**
 * The form inside pi-tui's real main-screen renderer, over a virtual terminal: the differential
 * renderer, line clearing and cursor moves all run as in production. Renders happen on demand
 * (`renderNow`) so nothing depends on timers.
 */
export async function mountInTerminal(
  payload: AskInput,
  size: { columns: number; rows: number },
  options: {
    before?: string;
    wrap?: (terminal: Terminal) => Terminal;
    /** Mount as `askuser ask` does: on a fresh line, redrawn in place on a resize. */
    inline?: boolean;
    /** The input guard; 0 (off) unless a test is about it. */
    inputGuardMs?: number;
    clock?: Clock;
  } = {},
) {
  const terminal = new VirtualTerminal(size.columns, size.rows);
  terminal.write(options.before ?? "$ askuser ask payload.json\r\n");
  const tui = options.inline
    ? inlineTui(terminal)
    : new TuiMainScreen(options.wrap ? options.wrap(terminal) : terminal);
  const outcomes: AskDetails[] = [];
  const form = new AskForm({
    ask: askOf(payload),
    theme: identityTheme,
    tui,
    onDone: (details) => outcomes.push(details),
    inputGuardMs: options.inputGuardMs ?? 0,
    clock: options.clock ?? personClock(),
  });
  tui.addChild(form);
  tui.setFocus(form);
  tui.start();
  tui.renderNow();
  await terminal.flush();

  const settle = async () => {
    tui.renderNow();
    await terminal.flush();
  };
  return {
    terminal,
    tui,
    form,
    outcomes,
    async press(...keys: KeyName[]) {
      for (const key of keys) terminal.send(keyBytes(key));
      await settle();
    },
    async sendRaw(data: string) {
      terminal.send(data);
      await settle();
    },
    async resize(columns: number, rows: number) {
      terminal.resize(columns, rows);
      await settle();
    },
    viewport: () => terminal.viewport(),
    stop() {
      tui.stop();
    },
  };
}
