import { closeSync, readSync } from "node:fs";
import { basename } from "node:path";
import { isObject, parseJson } from "./json.ts";
import type { Agent } from "./model.ts";
import { type OpenedFile, openRegularFile } from "./scan/open-file.ts";

const SNIFF_BYTES = 64 * 1024;

/**
 * Which agent wrote a session file, from its first line: Pi starts with a `session` header,
 * Codex with `session_meta` (its oldest rollouts only by their `rollout-` name); anything else
 * is read as Claude Code, whose first record can be of many types.
 */
export function agentOfFirstLine(firstLine: string, path: string): Agent {
  const record = firstLine.length > 0 ? parseJson(firstLine) : undefined;
  if (isObject(record)) {
    if (record.type === "session" && typeof record.version === "number") return "pi";
    if (record.type === "session_meta") return "codex";
  }
  return basename(path).startsWith("rollout-") ? "codex" : "claude-code";
}

/** Reads the start of a file to tell its agent; refuses anything but a regular file. */
export async function sniffAgent(path: string): Promise<Agent> {
  const opened = openRegularFile(path);
  try {
    return agentOfOpenedFile(opened, path);
  } finally {
    closeSync(opened.fd);
  }
}

/** Tells an open file's agent from its first line, leaving its read position where it was. */
export function agentOfOpenedFile(file: OpenedFile, path: string): Agent {
  const buffer = Buffer.alloc(Math.min(SNIFF_BYTES, file.size));
  const bytesRead = buffer.length > 0 ? readSync(file.fd, buffer, 0, buffer.length, 0) : 0;
  const newline = buffer.subarray(0, bytesRead).indexOf(0x0a);
  const first = buffer.toString("utf8", 0, newline < 0 ? bytesRead : newline);
  return agentOfFirstLine(first.replace(/^\uFEFF/u, ""), path);
}
