import { readFile } from "node:fs/promises";
import { type Ask, type AskDetails, cancelledBeforeOpenDetails } from "../core/index.ts";
import { INPUT_FILE_LIMIT, readFileBounded, readStreamBounded } from "./bounded-read.ts";
import { canReachTerminal, isGoneError, withFormTerminal } from "./controlling-terminal.ts";
import { decodeUtf8 } from "./decode-utf8.ts";
import { EXIT } from "./errors.ts";
import type { CliIo, FormOptions } from "./io.ts";
import { preloadCommand, runCommandLine } from "./main.ts";
import { tellOutputFailure } from "./output.ts";

/** True while the form owns the terminal: its own wiring handles the terminal going away. */
let formOpen = false;
/** SIGHUP arrived: the terminal is gone (or going), whether or not the form was open yet. */
let hungUp = false;

/** Wires the CLI to the real process: arguments, streams, environment and exit code. */
export async function runFromProcess(): Promise<void> {
  const io: CliIo = {
    stdout: process.stdout,
    stderr: process.stderr,
    readText: async (path) => decodeUtf8(await readFileBounded(path, INPUT_FILE_LIMIT)),
    readStdin: async () => decodeUtf8(await readStreamBounded(process.stdin, INPUT_FILE_LIMIT)),
    interactive: canReachTerminal(),
    env: process.env,
    openForm,
    prepareForm: () => {
      formModules();
    },
    stdoutIsTerminal: Boolean(process.stdout.isTTY),
    protocolStreams: () => ({ input: process.stdin, output: process.stdout }),
  };
  // A reader that stops early (`askuser log | head`) or a terminal that closed is not an error:
  // the rest of the output has nowhere to go. The exit code stays the command's own: the exit
  // waits until the command has returned it (its last write is what failed).
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (!isGoneError(error)) {
      reportOutputFailure(error);
      return;
    }
    if (formOpen) return;
    // A command whose output is a result (askuser ask) heard of this through its write's
    // callback first, and has its exit code (74) in place by now: promises settle before this.
    setImmediate(() => process.exit(process.exitCode ?? 0));
  });
  // Standard error on a closed terminal or a full disk: there is no one left to tell.
  process.stderr.on("error", () => {});
  preloadCommand(process.argv[2]);
  const version = await packageVersion().catch(() => "unknown");
  const code = await runCommandLine(process.argv.slice(2), io, version);
  process.exitCode = outputFailed ? EXIT.outputFailed : code;
}

/** Standard output failed for a reason other than its reader or terminal going away. */
let outputFailed = false;

/**
 * A full disk or an I/O error under `> file`: the output is cut short, which the caller must not
 * take for a result. Said once on standard error (a failed write is followed by more), exit 74.
 */
function reportOutputFailure(error: NodeJS.ErrnoException): void {
  if (outputFailed) return;
  outputFailed = true;
  process.exitCode = EXIT.outputFailed;
  tellOutputFailure(error, process.stderr);
}

/**
 * Loaded on demand: a run with --answers or without a terminal never loads the TUI, nor reads
 * the settings (only the form uses them).
 *
 * From here on a hangup never kills the process (exit 129) before the result is printed: while
 * the form is open it ends the form as disconnected, before and after it is only noted.
 */
async function openForm(ask: Ask, options: FormOptions = {}): Promise<AskDetails> {
  process.on("SIGHUP", () => {
    hungUp = true;
  });
  const [{ runTerminalForm }, { openFormWithUserSettings }] = await formModules();
  if (hungUp) return cancelledBeforeOpenDetails(ask, "disconnected");
  formOpen = true;
  try {
    return await withFormTerminal((gone) =>
      openFormWithUserSettings(
        ask,
        (hooks) =>
          runTerminalForm(ask, {
            env: process.env,
            ...hooks,
            // Closed because another surface answered: the form ends, its outcome unused.
            disconnected: options.closed ? AbortSignal.any([gone, options.closed]) : gone,
            onInput: () => {
              options.onInput?.();
              hooks.onInput();
            },
          }),
        options.onActivity,
      ),
    );
  } catch (error) {
    // The controlling terminal closed between the check and the form.
    if (isGoneError(error)) return cancelledBeforeOpenDetails(ask, "disconnected");
    throw error;
  } finally {
    formOpen = false;
  }
}

let loadingForm: ReturnType<typeof loadFormModules> | undefined;

/** The form's modules, loaded once: by `prepareForm` ahead of time, or by the form itself. */
function formModules(): ReturnType<typeof loadFormModules> {
  loadingForm ??= loadFormModules();
  // Loaded ahead of a form that may never open: a failure is reported by the form that awaits it.
  loadingForm.catch(() => {});
  return loadingForm;
}

function loadFormModules() {
  return Promise.all([import("../tui/run-terminal-form.ts"), import("./form-settings.ts")]);
}

async function packageVersion(): Promise<string> {
  const raw = await readFile(new URL("../../package.json", import.meta.url), "utf8");
  const parsed: unknown = JSON.parse(raw);
  const version =
    typeof parsed === "object" && parsed !== null
      ? (parsed as { version?: unknown }).version
      : undefined;
  return typeof version === "string" ? version : "unknown";
}
