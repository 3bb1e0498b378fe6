import type { JsonObject } from "../json.ts";
import type { LineVisitor } from "./line-scanner.ts";
import { parseLine } from "./parse-line.ts";
import type { SkipTally } from "./skip-tally.ts";

/** A visitor that parses every line: for reading one file in full, never a whole corpus. */
export function everyRecord(
  skips: SkipTally,
  onRecord: (record: JsonObject, lineNumber: number) => void,
): LineVisitor {
  return {
    line(view, start, end, lineNumber) {
      const parsed = parseLine(view, start, end);
      if (parsed.ok) onRecord(parsed.record, lineNumber);
      else skips.add(parsed.reason, lineNumber);
    },
  };
}
