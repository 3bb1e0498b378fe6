import { resolve } from "node:path";
import { errorMessage } from "../core/index.ts";
import type { Agent } from "../transcripts/model.ts";
import { UsageError } from "./errors.ts";
import { parseOptions } from "./parse-options.ts";

export type LogFormat = "text" | "json" | "markdown";

export interface LogOptions {
  readonly help: boolean;
  readonly format: LogFormat;
  readonly paths: readonly string[];
  readonly since: number | undefined;
  readonly until: number | undefined;
  readonly grep: RegExp | undefined;
  readonly cwd: string | undefined;
  readonly agents: readonly Agent[] | undefined;
  readonly limit: number | undefined;
  readonly turns: string | undefined;
  readonly roots: Readonly<Partial<Record<Agent, string>>>;
  readonly piAskTools: readonly string[] | undefined;
  /** Read every file, neither using nor writing the cache of what was read before. */
  readonly noCache: boolean;
}

const AGENT_NAMES: Readonly<Record<string, Agent>> = {
  "claude-code": "claude-code",
  claude: "claude-code",
  cc: "claude-code",
  pi: "pi",
  codex: "codex",
};

const UNITS: Readonly<Record<string, number>> = {
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
};

/** Reads the `askuser log` command line. `now` and `cwd` make relative dates and paths testable. */
export function parseLogArgs(args: readonly string[], now: number, cwd: string): LogOptions {
  const { values, positionals } = parse(args);
  if (values.json && values.markdown)
    throw new UsageError("give either --json or --markdown, not both");
  const turns = values.turns;
  if (turns !== undefined) {
    const clash = ["since", "until", "grep", "cwd", "agent"].filter(
      (name) => values[name as keyof typeof values] !== undefined,
    );
    if (clash.length > 0 || positionals.length > 0) {
      const what = clash.length > 0 ? `--${clash[0]}` : "path arguments";
      throw new UsageError(`--turns reads one file: it cannot be combined with ${what}`);
    }
  }
  const since =
    values.since === undefined ? undefined : parseTime("--since", values.since, now, false);
  const until =
    values.until === undefined ? undefined : parseTime("--until", values.until, now, true);
  if (since !== undefined && until !== undefined && since >= until) {
    throw new UsageError("--since must be earlier than --until");
  }
  return {
    help: values.help,
    format: values.json ? "json" : values.markdown ? "markdown" : "text",
    paths: positionals.map((path) => resolve(cwd, path)),
    since,
    until,
    grep: values.grep === undefined ? undefined : parsePattern(values.grep),
    cwd: values.cwd === undefined ? undefined : resolve(cwd, values.cwd),
    agents: values.agent === undefined ? undefined : parseAgents(values.agent),
    limit: values.limit === undefined ? undefined : parseLimit(values.limit),
    turns: turns === undefined ? undefined : resolve(cwd, turns),
    roots: {
      ...(values["claude-dir"] ? { "claude-code": resolve(cwd, values["claude-dir"]) } : {}),
      ...(values["pi-dir"] ? { pi: resolve(cwd, values["pi-dir"]) } : {}),
      ...(values["codex-dir"] ? { codex: resolve(cwd, values["codex-dir"]) } : {}),
    },
    noCache: values["no-cache"],
    piAskTools:
      values["pi-ask-tools"] === undefined
        ? undefined
        : values["pi-ask-tools"]
            .split(",")
            .map((name) => name.trim())
            .filter((name) => name.length > 0),
  };
}

function parse(args: readonly string[]) {
  return parseOptions(args, {
    json: { type: "boolean", default: false },
    markdown: { type: "boolean", default: false },
    since: { type: "string" },
    until: { type: "string" },
    grep: { type: "string" },
    cwd: { type: "string" },
    agent: { type: "string", multiple: true },
    limit: { type: "string" },
    turns: { type: "string" },
    "claude-dir": { type: "string" },
    "pi-dir": { type: "string" },
    "codex-dir": { type: "string" },
    "pi-ask-tools": { type: "string" },
    "no-cache": { type: "boolean", default: false },
    help: { type: "boolean", short: "h", default: false },
  });
}

/**
 * A point in time: a duration back from now (`30m`, `12h`, `7d`, `2w`), a date (`2026-01-31`,
 * local midnight; for `--until` the end of that day), or a date and time (`2026-01-31T14:00`,
 * local unless it names a zone).
 */
export function parseTime(flag: string, value: string, now: number, endOfDay: boolean): number {
  const relative = /^(\d+)\s*([mhdw])$/u.exec(value.trim());
  if (relative) return now - Number(relative[1]) * (UNITS[relative[2] ?? "d"] ?? 0);
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/u.test(value.trim());
  const parsed = Date.parse(dateOnly ? `${value.trim()}T00:00` : value.trim());
  if (Number.isNaN(parsed)) {
    throw new UsageError(
      `${flag}: "${value}" is not a time; use a date (2026-01-31), a date and time (2026-01-31T14:00) or a duration back from now (30m, 12h, 7d, 2w)`,
    );
  }
  if (!dateOnly || !endOfDay) return parsed;
  const next = new Date(parsed);
  next.setDate(next.getDate() + 1);
  return next.getTime();
}

function parsePattern(value: string): RegExp {
  try {
    return new RegExp(value, "iu");
  } catch (error) {
    const reason = errorMessage(error);
    throw new UsageError(`--grep: "${value}" is not a valid regular expression (${reason})`);
  }
}

function parseAgents(values: readonly string[]): Agent[] {
  const agents = new Set<Agent>();
  for (const name of values.flatMap((value) => value.split(","))) {
    const agent = AGENT_NAMES[name.trim().toLowerCase()];
    if (!agent) {
      throw new UsageError(`--agent: unknown agent "${name.trim()}"; use claude-code, pi or codex`);
    }
    agents.add(agent);
  }
  return [...agents];
}

function parseLimit(value: string): number {
  if (!/^\d+$/u.test(value) || Number(value) < 1) {
    throw new UsageError(`--limit: "${value}" is not a positive whole number`);
  }
  return Number(value);
}
