import { SETTING_TABLE, type SettingEntry } from "./setting-table.ts";

/**
 * The "Every setting" table of docs/settings.md, generated from the settings table; a test keeps
 * the document equal to it. Columns are padded as the markdown formatter lays tables out.
 */
export function settingsDocTable(): string {
  const header = ["key", "default", "type", "limits", "merge", "meaning"];
  return markdownTable([header, ...SETTING_TABLE.map((entry) => docRow(entry))]);
}

const LAST_FILE_WINS = "the last file that sets it";

function docRow(entry: SettingEntry): string[] {
  switch (entry.type) {
    case "version":
      return [
        code(entry.name),
        code(JSON.stringify(entry.default)),
        "whole number",
        "-",
        "each file its own",
        entry.description,
      ];
    case "keys":
      return [
        code("keys.<context>.<command>"),
        "the form's keys",
        "list of key names",
        "see _Keys_",
        "command by command; each context checked on its own",
        entry.description,
      ];
    case "boolean":
      return row(entry, "`true` or `false`", "-");
    case "string":
      return row(entry, "string", "-");
    case "number": {
      const zero =
        entry.limits.zeroMeans === undefined ? "above `0`" : `\`0\` is ${entry.limits.zeroMeans}`;
      const max = `at most ${code(String(entry.limits.max))} (a larger value is lowered to it)`;
      return row(entry, "number", `${zero}; ${max}`);
    }
  }
}

function row(entry: SettingEntry & { default: unknown }, type: string, limits: string): string[] {
  return [
    code(entry.name),
    code(JSON.stringify(entry.default)),
    type,
    limits,
    LAST_FILE_WINS,
    entry.description,
  ];
}

function code(text: string): string {
  return `\`${text}\``;
}

function markdownTable(rows: readonly (readonly string[])[]): string {
  const widths = (rows[0] ?? []).map((_, column) =>
    Math.max(3, ...rows.map((cells) => (cells[column] ?? "").length)),
  );
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(" | ")} |`;
  const [header = [], ...body] = rows;
  return [line(header), line(widths.map((width) => "-".repeat(width))), ...body.map(line)].join(
    "\n",
  );
}
