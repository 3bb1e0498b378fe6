import type { JsonObject } from "../json.ts";
import type { LineVisitor } from "./line-scanner.ts";
import { parseRecord } from "./parse-line.ts";
import type { SkipTally } from "./skip-tally.ts";

/** A visitor that parses every line: for reading one file in full, never a whole corpus. */
export function everyRecord(
  skips: SkipTally,
  onRecord: (record: JsonObject, lineNumber: number) => void,
): LineVisitor {
  return {
    line(view, start, end, lineNumber) {
      const record = parseRecord(view, start, end, lineNumber, skips);
      if (record) onRecord(record, lineNumber);
    },
  };
}
