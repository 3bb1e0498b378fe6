import { neutraliseInline } from "../core/index.ts";
import {
  type FileReport,
  type ReadProblem,
  SKIP_REASONS,
  type SkipReason,
} from "../transcripts/model.ts";
import { DEFAULT_MAX_LINE_BYTES } from "../transcripts/scan/line-scanner.ts";
import { shortPath } from "./log-style.ts";

const LISTED_FILES = 10;
const LISTED_PROBLEMS = 20;

const REASONS: Readonly<Record<SkipReason, string>> = {
  "not-json": "not JSON",
  "invalid-utf8": "invalid UTF-8",
  "too-long": `longer than ${DEFAULT_MAX_LINE_BYTES / 1024 / 1024} MiB`,
  truncated: "cut off at the end of the file (still being written?)",
};

/**
 * What a run read, kept in constant memory: counts for every file, and the reports of only those
 * files that have something to say.
 */
export class ReadTally {
  files = 0;
  lines = 0;
  readonly notable: FileReport[] = [];

  add(report: FileReport): void {
    this.files++;
    this.lines += report.lines;
    const notable =
      Object.keys(report.skipped).length > 0 ||
      report.offBranchAsks > 0 ||
      report.unpaired > 0 ||
      report.copies > 0;
    if (notable) this.notable.push(report);
  }
}

/**
 * What could not be read, for standard error: how many lines were skipped and why, in which
 * files and at which lines, asks left out on abandoned branches, and files or folders that could
 * not be read at all. Empty when everything was read.
 */
export function readSummary(
  tally: ReadTally,
  problems: readonly ReadProblem[],
  home: string | undefined,
): string {
  const lines: string[] = [];
  const files = tally.notable;
  const damaged = files.filter((file) => Object.keys(file.skipped).length > 0);
  if (damaged.length > 0) {
    const totals: Partial<Record<SkipReason, number>> = {};
    for (const file of damaged) {
      for (const reason of SKIP_REASONS) {
        const count = file.skipped[reason];
        if (count) totals[reason] = (totals[reason] ?? 0) + count;
      }
    }
    const skipped = Object.values(totals).reduce((sum, count) => sum + (count ?? 0), 0);
    lines.push(
      `askuser: skipped ${count(skipped, "line")} of ${tally.lines.toLocaleString("en-US")} in ${damaged.length} of ${count(tally.files, "file")}: ${reasons(totals)}`,
    );
    for (const file of damaged.slice(0, LISTED_FILES)) {
      const at = file.skippedLines.join(", ");
      const more = totalOf(file) > file.skippedLines.length ? ", …" : "";
      const noun = totalOf(file) === 1 ? "line" : "lines";
      lines.push(
        `  ${shownPath(file.file, home)}: ${reasons(file.skipped)} (${noun} ${at}${more})`,
      );
    }
    if (damaged.length > LISTED_FILES) {
      lines.push(`  … and ${count(damaged.length - LISTED_FILES, "more file")}`);
    }
  }
  const offBranch = files.filter((file) => file.offBranchAsks > 0);
  if (offBranch.length > 0) {
    const asks = offBranch.reduce((sum, file) => sum + file.offBranchAsks, 0);
    lines.push(
      `askuser: left out ${count(asks, "ask")} on abandoned Pi branches (in ${count(offBranch.length, "file")})`,
    );
  }
  const unpaired = files.filter((file) => file.unpaired > 0);
  if (unpaired.length > 0) {
    const results = unpaired.reduce((sum, file) => sum + file.unpaired, 0);
    const where = unpaired
      .slice(0, LISTED_FILES)
      .map((file) => shownPath(file.file, home))
      .join(", ");
    const more = unpaired.length > LISTED_FILES ? ", …" : "";
    lines.push(
      `askuser: could not pair ${count(results, "result")} with an ask (its call or ask is not in the file), so none was read as an answer: ${where}${more}`,
    );
  }
  const copied = files.filter((file) => file.copies > 0);
  if (copied.length > 0) {
    const copies = copied.reduce((sum, file) => sum + file.copies, 0);
    lines.push(
      `askuser: listed once ${count(copies, "ask")} whose records appear again in ${count(copied.length, "file")} (resumed or forked sessions copy them)`,
    );
  }
  for (const problem of problems.slice(0, LISTED_PROBLEMS)) {
    lines.push(
      `askuser: cannot read ${shownPath(problem.path, home)}: ${neutraliseInline(problem.message)}; skipped`,
    );
  }
  if (problems.length > LISTED_PROBLEMS) {
    lines.push(
      `askuser: … and ${count(problems.length - LISTED_PROBLEMS, "more unreadable path")}`,
    );
  }
  return lines.length > 0 ? `${lines.join("\n")}\n` : "";
}

function totalOf(file: FileReport): number {
  return Object.values(file.skipped).reduce((sum, n) => sum + (n ?? 0), 0);
}

function reasons(counts: Readonly<Partial<Record<SkipReason, number>>>): string {
  return SKIP_REASONS.filter((reason) => counts[reason])
    .map((reason) => `${counts[reason]} ${REASONS[reason]}`)
    .join(", ");
}

function count(n: number, noun: string): string {
  return `${n.toLocaleString("en-US")} ${noun}${n === 1 ? "" : "s"}`;
}

/** A file name is one line of the report whatever it holds: a line break in it is shown as `␊`. */
function shownPath(path: string, home: string | undefined): string {
  return neutraliseInline(shortPath(path, home));
}
