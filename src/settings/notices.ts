import { neutraliseInline } from "../core/index.ts";
import type { FileProblem } from "./merge-layers.ts";

/** What the user is told about settings: each problem of a file once, grouped by file. */
export interface SettingsNotice {
  readonly level: "warning" | "info";
  readonly file: string;
  readonly lines: readonly string[];
}

/**
 * The most problems told for one file at a time: a file of thousands of typos would otherwise put
 * megabytes on the terminal at every ask. The rest are counted, and told once these are fixed.
 */
const MAX_LINES_PER_FILE = 10;

/**
 * Remembers which problems were already shown, so an ask that reloads an unchanged broken file
 * does not repeat them. A file that loads clean is forgotten: breaking it again is news.
 */
export class NoticeLog {
  readonly #shown = new Map<string, Set<string>>();

  /** The problems not shown before, grouped by file, and marks them as shown. */
  fresh(problems: readonly FileProblem[], cleanFiles: readonly string[]): SettingsNotice[] {
    for (const file of cleanFiles) this.#shown.delete(file);
    const byFile = new Map<string, Set<string>>();
    for (const { file, problem } of problems) {
      const shown = this.#shown.get(file) ?? new Set<string>();
      this.#shown.set(file, shown);
      if (shown.has(problem)) continue;
      const lines = byFile.get(file) ?? new Set<string>();
      byFile.set(file, lines.add(problem));
    }
    return [...byFile].map(([file, lines]) => {
      const told = [...lines].slice(0, MAX_LINES_PER_FILE);
      const shown = this.#shown.get(file);
      for (const line of told) shown?.add(line);
      const more = lines.size - told.length;
      if (more > 0) told.push(`and ${more} more problems; fix these first`);
      return { level: "warning", file, lines: told };
    });
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
