import { stringEndAt } from "./byte-search.ts";

const ID_AFTER_TYPE = Buffer.from(',"id":"');
/** Starts with the id's closing quote. */
const NAME_AFTER_ID = Buffer.from('","name":"');

export interface CallBlock {
  readonly id: string;
  readonly name: string;
}

/**
 * The id and tool name of a tool-call block written as `"type":"…","id":"…","name":"…"` (Claude
 * Code's tool_use and Pi's toolCall alike), read right after the type token, which ends at
 * `afterType`. Undefined for any other layout: the caller then parses the line.
 */
export function callBlockAt(view: Buffer, afterType: number, end: number): CallBlock | undefined {
  const idEnd = stringEndAt(view, afterType, end, ID_AFTER_TYPE);
  if (idEnd < 0) return undefined;
  const nameEnd = stringEndAt(view, idEnd, end, NAME_AFTER_ID);
  if (nameEnd < 0) return undefined;
  return {
    id: view.toString("utf8", afterType + ID_AFTER_TYPE.length, idEnd),
    name: view.toString("utf8", idEnd + NAME_AFTER_ID.length, nameEnd),
  };
}
