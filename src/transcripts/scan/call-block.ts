import { stringValueAt } from "./byte-search.ts";

const ID_AFTER_TYPE = Buffer.from(',"id":"');
const NAME_AFTER_ID = Buffer.from('","name":"');

/**
 * The id of a tool-call block written as `"type":"…","id":"…","name":"…"` (Claude Code's
 * tool_use and Pi's toolCall alike), read right after the type token, which ends at `afterType`.
 * Undefined for any other layout: the caller then parses the line.
 */
export function callIdAt(view: Buffer, afterType: number, end: number): string | undefined {
  return stringValueAt(view, afterType, end, ID_AFTER_TYPE);
}

/** The name that follows `id` in the same block; undefined for any other layout. */
export function callNameAt(
  view: Buffer,
  afterType: number,
  end: number,
  id: string,
): string | undefined {
  const nameAt = afterType + ID_AFTER_TYPE.length + Buffer.byteLength(id);
  return stringValueAt(view, nameAt, end, NAME_AFTER_ID);
}
