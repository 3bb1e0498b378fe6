import { bytesAt, stringValueAt, stringValueNear } from "../scan/byte-search.ts";

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
  const type = stringValueAt(view, start, end, TYPE);
  if (type === undefined) return undefined;
  let at = start + TYPE.length + Buffer.byteLength(type);
  const id = stringValueAt(view, at, end, ID);
  if (id === undefined) return undefined;
  at += ID.length + Buffer.byteLength(id);
  let parentId: string | null;
  if (bytesAt(view, at, PARENT_NULL)) {
    parentId = null;
    at += PARENT_NULL.length;
  } else {
    const parent = stringValueAt(view, at, end, PARENT);
    if (parent === undefined) return undefined;
    parentId = parent;
    at += PARENT.length + Buffer.byteLength(parent);
  }
  if (type !== "message") return { type, id, parentId, role: undefined, toolName: undefined };
  const role = stringValueNear(view, at, end, ROLE);
  if (role === undefined) return undefined;
  const toolName = role === "toolResult" ? stringValueNear(view, at, end, TOOL_NAME) : undefined;
  return { type, id, parentId, role, toolName };
}
