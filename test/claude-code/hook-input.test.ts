import { describe, expect, it } from "vitest";
import { readHookInput } from "../../src/claude-code/hook-input.ts";

const VALID = {
  session_id: "s-1",
  transcript_path: "/t.jsonl",
  cwd: "/p",
  hook_event_name: "PermissionRequest",
  tool_name: "AskUserQuestion",
  tool_input: { questions: [] },
};

describe("readHookInput: Claude Code's hook input is untrusted", () => {
  it("reads the fields askuser uses", () => {
    expect(readHookInput(JSON.stringify(VALID), "PermissionRequest")).toEqual({
      ok: true,
      input: {
        event: "PermissionRequest",
        sessionId: "s-1",
        cwd: "/p",
        toolName: "AskUserQuestion",
        toolInput: { questions: [] },
      },
    });
  });

  it.each([
    ["not JSON", "{", /^the hook input is not JSON \(/u],
    ["not an object", "[1]", /^the hook input must be a JSON object \(received \[1\]\)$/u],
    [
      "another event",
      JSON.stringify({ ...VALID, hook_event_name: "PreToolUse" }),
      /^hook_event_name is "PreToolUse" but this hook was installed for PermissionRequest/u,
    ],
    [
      "no session",
      JSON.stringify({ ...VALID, session_id: 7 }),
      /^session_id must be a non-empty string \(received 7\)$/u,
    ],
    [
      "a tool_use_id that is not text",
      JSON.stringify({ ...VALID, tool_use_id: {} }),
      /^tool_use_id must be a non-empty string/u,
    ],
  ])("refuses %s, naming the field", (_, text, problem) => {
    const read = readHookInput(text, "PermissionRequest");
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.problem).toMatch(problem);
  });
});
