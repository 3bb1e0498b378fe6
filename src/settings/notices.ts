import { neutraliseInline } from "../core/index.ts";
import type { FileProblem } from "./merge-layers.ts";

/** What the user is told about settings: each problem of a file once, grouped by file. */
export interface SettingsNotice {
  readonly level: "warning" | "info";
  readonly file: string;
  readonly lines: readonly string[];
}

/**
 * Remembers which problems were already shown, so an ask that reloads an unchanged broken file
 * does not repeat them. A file that loads clean is forgotten: breaking it again is news.
 */
export class NoticeLog {
  readonly #shown = new Map<string, Set<string>>();

  /** The problems not shown before, grouped by file, and marks them as shown. */
  fresh(problems: readonly FileProblem[], cleanFiles: readonly string[]): SettingsNotice[] {
    for (const file of cleanFiles) this.#shown.delete(file);
    const byFile = new Map<string, string[]>();
    for (const { file, problem } of problems) {
      const shown = this.#shown.get(file) ?? new Set<string>();
      this.#shown.set(file, shown);
      if (shown.has(problem)) continue;
      shown.add(problem);
      const lines = byFile.get(file) ?? [];
      lines.push(problem);
      byFile.set(file, lines);
    }
    return [...byFile].map(([file, lines]) => ({ level: "warning", file, lines }));
  }
}

/**
 * One message per notice, as a host's notify shows it. Problems quote the file (key names, values,
 * the JSON parser's excerpt), and a project's file is not the user's own text: every line is made
 * safe for the terminal here.
 */
export function noticeText(notice: SettingsNotice): string {
  const file = neutraliseInline(notice.file);
  const lines = notice.lines.map(neutraliseInline);
  const [first, ...rest] = lines;
  if (rest.length === 0) return `askuser settings: ${file}: ${first ?? ""}`;
  return [`askuser settings: ${file}:`, ...lines.map((line) => `- ${line}`)].join("\n");
}
