import { bytesAt, stringEndAt, stringValueNear } from "../scan/byte-search.ts";

const TYPE = Buffer.from('{"type":"');
const ID = Buffer.from('","id":"');
const PARENT_NULL = Buffer.from('","parentId":null');
const PARENT = Buffer.from('","parentId":"');
const ROLE = Buffer.from('"role":"');
const TOOL_NAME = Buffer.from('"toolName":"');

/** The start of a Pi entry, read from its bytes. */
export interface Prefix {
  readonly type: string;
  readonly id: string;
  readonly parentId: string | null;
  readonly role: string | undefined;
  readonly toolName: string | undefined;
}

/**
 * Reads `{"type":"…","id":"…","parentId":…` and, for messages, the role and tool name near the
 * start: the layout Pi writes. Undefined for any other layout; the caller then parses the line.
 */
export function readPrefix(view: Buffer, start: number, end: number): Prefix | undefined {
  const typeEnd = stringEndAt(view, start, end, TYPE);
  if (typeEnd < 0) return undefined;
  const type = view.toString("utf8", start + TYPE.length, typeEnd);
  // Each prefix after the first starts with the closing quote of the value before it.
  const idEnd = stringEndAt(view, typeEnd, end, ID);
  if (idEnd < 0) return undefined;
  const id = view.toString("utf8", typeEnd + ID.length, idEnd);
  let parentId: string | null;
  let at: number;
  if (bytesAt(view, idEnd, PARENT_NULL)) {
    parentId = null;
    at = idEnd + PARENT_NULL.length;
  } else {
    at = stringEndAt(view, idEnd, end, PARENT);
    if (at < 0) return undefined;
    parentId = view.toString("utf8", idEnd + PARENT.length, at);
  }
  if (type !== "message") return { type, id, parentId, role: undefined, toolName: undefined };
  const role = stringValueNear(view, at, end, ROLE);
  if (role === undefined) return undefined;
  const toolName = role === "toolResult" ? stringValueNear(view, at, end, TOOL_NAME) : undefined;
  return { type, id, parentId, role, toolName };
}
