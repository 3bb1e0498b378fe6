import { readFileSync } from "node:fs";
import { relative } from "node:path";

/**
 * User and system CPU seconds of the children this process has waited for, and of theirs: the
 * tree of a finished test run, whatever else the machine was doing meanwhile. A daemon leaves the
 * tree (the tmux server, and so what runs in its panes) and is not counted.
 */
export function childCpuSeconds(): number {
  // /proc/self/stat: fields 16 and 17 (cutime, cstime) in clock ticks, after the command name,
  // which is in parentheses and may itself hold spaces.
  const stat = readFileSync("/proc/self/stat", "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[13]) + Number(fields[14]);
  return ticks / CLOCK_TICKS_PER_SECOND;
}

/** Linux's USER_HZ, which /proc reports times in on every architecture Node runs on. */
const CLOCK_TICKS_PER_SECOND = 100;

interface JsonReport {
  readonly testResults: readonly {
    readonly name: string;
    readonly status?: string;
    readonly message?: string;
    readonly startTime: number;
    readonly endTime: number;
    readonly assertionResults: readonly {
      readonly fullName?: string;
      readonly status?: string;
    }[];
  }[];
}

/**
 * Every failed test as "file > describe > test", and a file that failed outside any test (its
 * setup, its import) as "file: the first line of why".
 */
export function failedTests(report: JsonReport, root: string): string[] {
  return report.testResults.flatMap((file) => {
    const name = relative(root, file.name);
    const tests = file.assertionResults
      .filter((test) => test.status === "failed")
      .map((test) => `${name} > ${test.fullName ?? "(unnamed)"}`);
    if (tests.length > 0 || file.status !== "failed") return tests;
    return [`${name}: ${file.message?.split("\n").find((line) => line.trim() !== "") ?? "failed"}`];
  });
}

/** The files that took longest in their worker (collect and tests), slowest first. */
export function slowestFiles(
  report: JsonReport,
  root: string,
  count: number,
): { readonly name: string; readonly seconds: number; readonly tests: number }[] {
  return report.testResults
    .map((file) => ({
      name: relative(root, file.name),
      seconds: (file.endTime - file.startTime) / 1000,
      tests: file.assertionResults.length,
    }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count);
}

/** "138" from vitest's "137 passed | 1 failed (138)". */
export function total(summary: string): string {
  const count = /\((\d+)\)$/u.exec(summary)?.[1];
  return count === undefined ? summary : Number(count).toLocaleString("en-US");
}

/** A duration as the README writes it: "38 s", "3 min 5 s". */
export function duration(seconds: number): string {
  const whole = Math.round(seconds);
  return whole >= 60 ? `${Math.floor(whole / 60)} min ${whole % 60} s` : `${whole} s`;
}
