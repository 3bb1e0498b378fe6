import {
  type AskDetails,
  answerFromScript,
  formatIssue,
  invalidDetails,
  modelText,
  unavailableDetails,
  validateAskInput,
  withProvenance,
} from "../core/index.ts";
import type { RaceEnd } from "../remote/race-ports.ts";
import { reportOnceWritten } from "../remote/written-result.ts";
import { isGoneError } from "./controlling-terminal.ts";
import { DEMO_PAYLOAD } from "./demo-payload.ts";
import { EXIT, InputError, UsageError } from "./errors.ts";
import { ASK_HELP } from "./help.ts";
import type { CommandIo } from "./io.ts";
import { tellOutputFailure } from "./output.ts";
import { parseOptions } from "./parse-options.ts";
import { echo, readJsonSource } from "./read-json.ts";

export async function askCommand(args: readonly string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parseAskArgs(args);
  if (values.help) {
    io.stdout.write(ASK_HELP);
    return EXIT.answered;
  }
  if (values.demo && positionals.length > 0) {
    throw new UsageError("give either a payload file or --demo, not both");
  }
  const source = positionals[0];
  if (!values.demo && source === undefined) {
    throw new UsageError(
      'missing the payload: askuser ask <payload.json | -> (or "askuser ask --demo")',
    );
  }
  if (positionals.length > 1)
    throw new UsageError(`expected one payload, got ${positionals.length}`);
  if (source === "") throw new UsageError('the payload path is empty: give a file name or "-"');
  if (values.answers === "") {
    throw new UsageError('the --answers path is empty: give a file name or "-"');
  }
  if (values.remote && values.answers !== undefined) {
    throw new UsageError(
      "--remote and --answers do not go together: --answers answers at once, with nobody to wait for",
    );
  }
  if (!values.demo && source === "-" && values.answers === "-") {
    throw new UsageError(
      'the payload and the answers cannot both come from standard input ("-"); put one of them in a file',
    );
  }

  if (values.answers === undefined && !values.remote && io.interactive) io.prepareForm?.();
  const payload = values.demo ? DEMO_PAYLOAD : await readJsonSource(io, source ?? "-", "payload");
  const validation = validateAskInput(payload);
  if (!validation.ok) {
    const details = invalidDetails(validation.issues);
    io.stderr.write(
      `askuser: invalid payload:\n${validation.issues.map((i) => `  - ${formatIssue(i)}`).join("\n")}\n`,
    );
    if (values.json) io.stdout.writeJson(details, 2);
    return EXIT.invalid;
  }

  let details: AskDetails;
  /** The page that took the answer, if one did: it hears whether the agent now holds it. */
  let ended: RaceEnd | undefined;
  if (values.answers !== undefined) {
    const script = await readJsonSource(io, values.answers, "answers");
    const scripted = answerFromScript(validation.ask, script);
    if (!scripted.ok) {
      // As with an invalid payload: a --json reader gets the issues too, not an empty stdout.
      if (values.json) io.stdout.writeJson(invalidDetails(scripted.issues), 2);
      throw new InputError(
        `invalid answers in ${values.answers === "-" ? "standard input" : echo(values.answers)}:\n${scripted.issues.map((i) => `  - ${formatIssue(i)}`).join("\n")}`,
      );
    }
    details = withProvenance(scripted.details, { place: "answers_file", reporter: "lifecycle" });
  } else if (values.remote || (await remoteByDefault(io))) {
    const { askRemotely } = await import("./remote-ask.ts");
    ended = await askRemotely(validation.ask, io);
    details = ended.details;
  } else if (io.interactive && io.openForm) {
    details = await io.openForm(validation.ask);
  } else {
    details = unavailableDetails(validation.ask);
  }

  // A form's end, or one that crossed from the page and already says where it was given.
  details = withProvenance(details, TERMINAL);
  try {
    // Given only once standard output took it: a reader that left fails the write later. A
    // result that did not reach the agent is lost, and the connection kept open for the report
    // must not keep this process alive.
    await reportOnceWritten(ended, writeResult(io, details, values.json === true));
  } catch (error) {
    if (!isWriteError(error)) throw error;
    tellOutputFailure(error, io.stderr);
    // The terminal that went away (ending the ask as disconnected) was this output's only
    // reader: nothing anyone could read was lost, and the exit code keeps saying why it ended.
    if (details.origin === "disconnected" && io.stdoutIsTerminal && isGoneError(error)) {
      return EXIT.notAnswered;
    }
    return EXIT.outputFailed;
  }
  if (details.status === "answered") return EXIT.answered;
  return details.status === "clarification_requested" ? EXIT.askedBack : EXIT.notAnswered;
}

/** The result on standard output; settles once it left, or with the write's error. */
function writeResult(io: CommandIo, details: AskDetails, json: boolean): Promise<void> {
  try {
    if (json) io.stdout.writeJson(details, 2);
    else io.stdout.write(`${modelText(details)}\n`);
  } catch (error) {
    return Promise.reject(error);
  }
  return io.stdout.flushed();
}

/** A failure of the stream itself (it has a system error code), not a bug in what was written. */
function isWriteError(error: unknown): boolean {
  return typeof (error as NodeJS.ErrnoException | undefined)?.code === "string";
}

const TERMINAL = { place: "terminal", reporter: "lifecycle" } as const;

function parseAskArgs(args: readonly string[]) {
  return parseOptions(args, {
    answers: { type: "string" },
    json: { type: "boolean", default: false },
    demo: { type: "boolean", default: false },
    remote: { type: "boolean", default: false },
    help: { type: "boolean", short: "h", default: false },
  });
}

/**
 * The `remote` setting. Its problems are not told here: the form, or the remote ask, reads the
 * same file again and tells them once.
 */
async function remoteByDefault(io: CommandIo): Promise<boolean> {
  const { settingsForAsk } = await import("./user-settings.ts");
  const quiet = { write: () => true };
  return (await settingsForAsk({ env: io.env, cwd: io.cwd ?? process.cwd() }, quiet)).remote;
}
