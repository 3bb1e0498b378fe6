import type { ExtensionAPI, ToolDefinition } from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";
import {
  AskInputSchema,
  PROMPT_GUIDELINES,
  PROMPT_SNIPPET,
  TOOL_DESCRIPTION,
  TOOL_LABEL,
} from "../../src/core/index.ts";
import askUserExtension from "../../src/pi/extension.ts";

function register() {
  const tools: ToolDefinition[] = [];
  const commands: string[] = [];
  const shortcuts: string[] = [];
  const events: string[] = [];
  let active = ["read", "ask_user", "bash"];
  const pi = {
    registerTool: (tool: ToolDefinition) => tools.push(tool),
    registerCommand: (name: string) => commands.push(name),
    registerShortcut: (key: string) => shortcuts.push(key),
    on: (event: string) => {
      events.push(event);
      return () => {};
    },
    getActiveTools: () => active,
    setActiveTools: (names: string[]) => {
      active = names;
    },
  } as unknown as ExtensionAPI;
  askUserExtension(pi);
  return { tools, commands, shortcuts, events, active: () => active };
}

describe("the ask_user tool definition", () => {
  it("registers one tool whose texts and schema come from the core", () => {
    const { tools } = register();
    expect(tools).toHaveLength(1);
    expect(tools[0]).toMatchObject({
      name: "ask_user",
      label: TOOL_LABEL,
      description: TOOL_DESCRIPTION,
      promptSnippet: PROMPT_SNIPPET,
      promptGuidelines: [...PROMPT_GUIDELINES],
      parameters: AskInputSchema,
      // Other tools and codemode scripts must not ask the user on the model's behalf.
      exposure: "model-only",
      executionMode: "sequential",
    });
  });

  it("registers /askuser and lifts the re-ask guard when the agent settles", () => {
    const { commands, events } = register();
    expect(commands).toContain("askuser");
    expect(events).toContain("agent_settled");
  });

  it("registers /answer, /ask:replay and the session events they need", () => {
    const { commands, shortcuts, events } = register();
    expect(commands).toEqual(["answer", "ask:replay", "askuser"]);
    // The answer key comes from the user's settings, read when the session starts.
    expect(shortcuts).toEqual([]);
    expect([...new Set(events)].sort()).toEqual([
      "agent_settled",
      "agent_start",
      "session_shutdown",
      "session_start",
      "session_tree",
      "turn_start",
    ]);
  });

  it("in print mode takes only itself out of the active tools", async () => {
    const { tools, active } = register();
    const ctx = { mode: "print", hasUI: false, signal: undefined, ui: {} };
    const result = await tools[0]?.execute(
      "call_1",
      { questions: [{ question: "Pick?", options: [{ label: "A" }, { label: "B" }] }] },
      undefined,
      undefined,
      ctx as never,
    );
    expect(result?.isError).toBe(true);
    expect(active()).toEqual(["read", "bash"]);
  });

  it("answers nesting too deep for any walker with the model-facing depth error", () => {
    const [tool] = register().tools;
    const deep = JSON.parse(`${"[".repeat(100_000)}${"]".repeat(100_000)}`);
    const prepare = () =>
      tool?.prepareArguments?.({ questions: [{ question: "Q?", options: deep }] });
    expect(prepare).toThrow(
      /questions\[0\]\.options[[\]0]+… \(\d+ more characters\): nests arrays and objects more than 64 deep/u,
    );
  });
});
