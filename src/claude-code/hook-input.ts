import { describeReceived, isRecord } from "../core/index.ts";

/** The hook events askuser handles, as Claude Code names them in its settings and its input. */
export const HOOK_EVENTS = ["PreToolUse", "PermissionRequest", "PostToolUse", "Stop"] as const;
/** The events about the tool call itself; `Stop` input has no tool (`readStopInput`). */
export type HookEvent = Exclude<(typeof HOOK_EVENTS)[number], "Stop">;

/** The fields of Claude Code's hook input that askuser reads, checked. */
export interface HookInput {
  readonly event: HookEvent;
  readonly sessionId: string;
  readonly cwd: string;
  readonly toolName: string;
  readonly toolInput: unknown;
  /** Absent in `PermissionRequest` input. */
  readonly toolUseId?: string;
  /** Only in `PostToolUse` input: what the tool returned, whoever answered. */
  readonly toolResponse?: unknown;
}

export type ReadHookInput =
  | { readonly ok: true; readonly input: HookInput }
  | { readonly ok: false; readonly problem: string };

/**
 * Reads the JSON object Claude Code writes on the hook's standard input. It is untrusted: every
 * field askuser uses is checked, and the first problem is named with what was received.
 */
export function readHookInput(text: string, expected: HookEvent): ReadHookInput {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      problem: `the hook input is not JSON (${(error as Error).message}); Claude Code writes one JSON object on standard input`,
    };
  }
  if (!isRecord(value)) {
    return {
      ok: false,
      problem: `the hook input must be a JSON object (received ${describeReceived(value)})`,
    };
  }
  const text_ = (key: string, optional = false): string | undefined | Error => {
    const field = value[key];
    if (field === undefined && optional) return undefined;
    if (typeof field === "string" && field !== "") return field;
    return new Error(`${key} must be a non-empty string (received ${describeReceived(field)})`);
  };
  const event = text_("hook_event_name");
  if (event instanceof Error) return { ok: false, problem: event.message };
  if (event !== expected) {
    return {
      ok: false,
      problem: `hook_event_name is ${describeReceived(event)} but this hook was installed for ${expected}; run askuser setup claude-code again`,
    };
  }
  const sessionId = text_("session_id");
  const cwd = text_("cwd");
  const toolName = text_("tool_name");
  const toolUseId = text_("tool_use_id", true);
  for (const field of [sessionId, cwd, toolName, toolUseId]) {
    if (field instanceof Error) return { ok: false, problem: field.message };
  }
  return {
    ok: true,
    input: {
      event: expected,
      sessionId: sessionId as string,
      cwd: cwd as string,
      toolName: toolName as string,
      toolInput: value.tool_input,
      ...(toolUseId === undefined ? {} : { toolUseId: toolUseId as string }),
      ...(value.tool_response === undefined ? {} : { toolResponse: value.tool_response }),
    },
  };
}

export type ReadStopInput =
  | { readonly ok: true; readonly sessionId: string; readonly backgroundTasks: boolean }
  | { readonly ok: false; readonly problem: string };

/** The `Stop` hook's input: the session whose turn ended, and whether background tasks still run. */
export function readStopInput(text: string): ReadStopInput {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      problem: `the hook input is not JSON (${(error as Error).message}); Claude Code writes one JSON object on standard input`,
    };
  }
  if (!isRecord(value) || value.hook_event_name !== "Stop") {
    return {
      ok: false,
      problem: `the hook input must be Claude Code's Stop input (received ${describeReceived(isRecord(value) ? value.hook_event_name : value)}); run askuser setup claude-code again`,
    };
  }
  if (typeof value.session_id !== "string" || value.session_id === "") {
    return {
      ok: false,
      problem: `session_id must be a non-empty string (received ${describeReceived(value.session_id)})`,
    };
  }
  const tasks = value.background_tasks;
  return {
    ok: true,
    sessionId: value.session_id,
    backgroundTasks: Array.isArray(tasks) && tasks.length > 0,
  };
}
