import { arrayAt, isObject, objectAt, stringAt } from "../json.ts";
import { contentText } from "../text.ts";
import { INTERRUPT_MARKERS, NON_HUMAN_ORIGINS, WRAPPER_TAGS } from "./markers.ts";

/**
 * The text of a user record when it is the human speaking, otherwise undefined. Claude Code
 * writes many `type:"user"` records that are machinery: tool results, meta and compaction
 * records, harness wrappers, interrupt markers, notices, and the seed of a subagent file.
 */
export function genuineUserText(record: unknown, isSubagentSeed: boolean): string | undefined {
  if (!isObject(record) || record.type !== "user" || isSubagentSeed) return undefined;
  if (record.isMeta === true || record.isCompactSummary === true) return undefined;
  const origin = stringAt(objectAt(record, "origin"), "kind");
  if (origin !== undefined && (NON_HUMAN_ORIGINS as readonly string[]).includes(origin)) {
    return undefined;
  }
  const message = objectAt(record, "message");
  if (message?.role !== "user") return undefined;
  const content = message.content;
  if (typeof content !== "string") {
    const blocks = arrayAt(message, "content");
    if (!blocks) return undefined;
    const types = blocks.map((block) => (isObject(block) ? block.type : undefined));
    if (!types.includes("text") || types.includes("tool_result")) return undefined;
  }
  const text = contentText(content);
  if ((INTERRUPT_MARKERS as readonly string[]).includes(text.trim())) return undefined;
  const head = text.trimStart();
  if (WRAPPER_TAGS.some((tag) => head.startsWith(tag))) return undefined;
  if (isAgentsStoppedNotice(head)) return undefined;
  return text;
}

/** "Background agent "x" was stopped by the user." or "2 background agents were stopped by the user…" */
function isAgentsStoppedNotice(head: string): boolean {
  if (head.startsWith('Background agent "') && head.includes(" was stopped by the user")) {
    return true;
  }
  return /^\d+ background agents? (?:was|were) stopped by the user/u.test(head);
}
