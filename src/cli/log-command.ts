import { homedir } from "node:os";
import { isAbsolute, join } from "node:path";
import { errorMessage, neutraliseInline } from "../core/index.ts";
import type { AskCache } from "../transcripts/ask-cache.ts";
import { defaultRoots } from "../transcripts/discover.ts";
import { matchesFilter } from "../transcripts/filters.ts";
import type { AskExchange, ReadProblem } from "../transcripts/model.ts";
import { type AskSource, readAskFiles } from "../transcripts/read-asks.ts";
import { EXIT, InputError } from "./errors.ts";
import { HeldAsks } from "./held-asks.ts";
import { LOG_HELP } from "./help.ts";
import type { CommandIo } from "./io.ts";
import { type LogOptions, parseLogArgs } from "./log-args.ts";
import { jsonLine } from "./log-json.ts";
import { askAsMarkdown, MARKDOWN_TITLE } from "./log-markdown.ts";
import { COLOUR_THEME, PLAIN_THEME, shortPath, timeZoneOf, wantsColour } from "./log-style.ts";
import { ReadTally, readSummary } from "./log-summary.ts";
import { askAsText } from "./log-text.ts";

/**
 * `askuser log`: every ask in the agents' session logs, newest first, and what the user answered.
 * What could not be read is summarised on standard error, never dropped silently.
 */
export async function logCommand(args: readonly string[], io: CommandIo): Promise<number> {
  const now = io.now?.() ?? Date.now();
  const options = parseLogArgs(args, now, io.cwd ?? process.cwd());
  if (options.help) {
    io.stdout.write(LOG_HELP);
    return EXIT.answered;
  }
  const home = io.env.HOME ?? homedir();
  const theme = wantsColour(io.stdoutIsTerminal === true, io.env) ? COLOUR_THEME : PLAIN_THEME;
  const timeZone = timeZoneOf(io.env);
  if (options.turns !== undefined) {
    return await printTurns(options.turns, options, io, { theme, timeZone, home });
  }

  return await listAsks(options, io, { theme, timeZone, home });
}

/** Reads the sources and prints their asks, newest first, and what could not be read. */
async function listAsks(
  options: LogOptions,
  io: CommandIo,
  context: Parameters<typeof askAsText>[1] & { readonly home: string },
): Promise<number> {
  const { home } = context;
  const sources = sourcesOf(options, io.env, home);
  const problems: ReadProblem[] = [];
  const tally = new ReadTally();
  const asks = new HeldAsks();
  const cache = options.noCache ? undefined : await openCache(cacheFolder(io.env, home), options);
  const files = readAskFiles(sources, problems, {
    ...(cache ? { cache } : {}),
    ...(options.agents ? { agents: options.agents } : {}),
    ...(options.since !== undefined ? { modifiedSince: options.since } : {}),
    ...(options.piAskTools ? { piAskTools: options.piAskTools } : {}),
  });
  const filter = {
    ...(options.since !== undefined ? { since: options.since } : {}),
    ...(options.until !== undefined ? { until: options.until } : {}),
    ...(options.grep ? { grep: options.grep } : {}),
    ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
    ...(options.agents ? { agents: options.agents } : {}),
  };
  try {
    for await (const file of files) {
      tally.add(file.report);
      for (const exchange of file.exchanges)
        if (matchesFilter(exchange, filter)) asks.add(exchange);
    }
  } catch (error) {
    cache?.abandon();
    throw error;
  }
  cache?.save();
  writeInPieces(io.stdout, rendered(asks.newestFirst(options.limit), options, context));
  io.stderr.write(readSummary(tally, problems, home));
  for (const line of cache?.problems ?? []) io.stderr.write(`askuser: ${neutraliseInline(line)}\n`);
  if (tally.files === 0 && options.paths.length === 0) {
    const looked = sources
      .map((source) => neutraliseInline(shortPath(source.path, home)))
      .join(", ");
    io.stderr.write(`askuser: no session logs found (looked in ${looked})\n`);
  }
  return problems.length > 0 ? EXIT.unreadable : EXIT.answered;
}

/** The cache's modules load only when it is used: `--no-cache` starts without them. */
async function openCache(folder: string, options: LogOptions): Promise<AskCache> {
  const { AskCache } = await import("../transcripts/ask-cache.ts");
  return AskCache.open(folder, options.piAskTools);
}

/** `${XDG_CACHE_HOME:-~/.cache}/askuser`: a relative XDG_CACHE_HOME is ignored, as the spec says. */
function cacheFolder(env: Readonly<Record<string, string | undefined>>, home: string): string {
  const xdg = env.XDG_CACHE_HOME;
  return join(xdg && isAbsolute(xdg) ? xdg : join(home, ".cache"), "askuser");
}

function sourcesOf(
  options: LogOptions,
  env: Readonly<Record<string, string | undefined>>,
  home: string,
): AskSource[] {
  if (options.paths.length > 0) return options.paths.map((path) => ({ path, mustExist: true }));
  return defaultRoots(env, home).map((root) => {
    const flag = options.roots[root.agent];
    return flag === undefined
      ? { path: root.path, agent: root.agent, mustExist: root.origin !== "default" }
      : { path: flag, agent: root.agent, mustExist: true };
  });
}

/** The output, ask by ask, in the order shown. */
function* rendered(
  asks: Iterable<AskExchange>,
  options: LogOptions,
  context: Parameters<typeof askAsText>[1],
): Generator<string> {
  switch (options.format) {
    case "json":
      for (const ask of asks) yield jsonLine(ask);
      return;
    case "markdown":
      yield `${MARKDOWN_TITLE}\n`;
      for (const [at, ask] of numbered(asks))
        yield `${at > 0 ? "\n" : ""}${askAsMarkdown(ask, context)}`;
      return;
    case "text":
      for (const [at, ask] of numbered(asks))
        yield `${at > 0 ? "\n" : ""}${askAsText(ask, context)}`;
      return;
  }
}

function* numbered<T>(items: Iterable<T>): Generator<[number, T]> {
  let at = 0;
  for (const item of items) yield [at++, item];
}

/** Bytes gathered before a write: one string of the whole output would double the peak memory. */
const OUTPUT_PIECE_CHARS = 64 * 1024;

function writeInPieces(stream: CommandIo["stdout"], pieces: Iterable<string>): void {
  let pending = "";
  for (const piece of pieces) {
    pending += piece;
    if (pending.length >= OUTPUT_PIECE_CHARS) {
      stream.write(pending);
      pending = "";
    }
  }
  if (pending.length > 0) stream.write(pending);
}

async function printTurns(
  file: string,
  options: LogOptions,
  io: CommandIo,
  context: Parameters<typeof askAsText>[1],
): Promise<number> {
  // Loaded here: a listing of asks, the usual run, has no use for them.
  const [{ readTurns }, { turnsOutput }] = await Promise.all([
    import("../transcripts/turns.ts"),
    import("./log-turns.ts"),
  ]);
  let read: Awaited<ReturnType<typeof readTurns>>;
  try {
    read = await readTurns(
      file,
      undefined,
      options.piAskTools ? { piAskTools: options.piAskTools } : {},
    );
  } catch (error) {
    const reason = errorMessage(error);
    throw new InputError(
      `cannot read the session file ${neutraliseInline(file)}: ${neutraliseInline(reason)}`,
    );
  }
  const turns = options.limit === undefined ? read.turns : read.turns.slice(0, options.limit);
  io.stdout.write(turnsOutput(turns, options.format, context.theme, context.timeZone));
  const tally = new ReadTally();
  tally.add(read.report);
  io.stderr.write(readSummary(tally, [], context.home));
  return EXIT.answered;
}
