// Holds the loading of pi-tui's files in a Node process until a test says so, so the test can act
// between askuser's first frame (drawn before pi-tui is loaded) and the form taking it over.
// Usage: node --import test/tmux/hold-pi-tui.mjs …, with ASKUSER_TEST_HOLD_PI_TUI naming a FIFO: the
// first load of a pi-tui file waits until one byte can be read from it.
import { register } from "node:module";

const fifo = process.env.ASKUSER_TEST_HOLD_PI_TUI;
if (!fifo) throw new Error("hold-pi-tui.mjs: set ASKUSER_TEST_HOLD_PI_TUI to a FIFO");
register("./hold-pi-tui-hooks.mjs", import.meta.url, { data: { fifo } });
