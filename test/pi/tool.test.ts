import type { ExtensionAPI, ToolDefinition } from "@earendil-works/pi-coding-agent";
import { Value } from "typebox/value";
import { describe, expect, it } from "vitest";
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

const PICK = (options: number) => ({
  question: "Which database?",
  options: Array.from({ length: options }, (_, i) => ({ label: `Option ${i + 1}` })),
});

describe("the ask_user tool definition", () => {
  it("registers one tool named ask_user that only the model can call, one call at a time", () => {
    const { tools } = register();
    expect(tools).toHaveLength(1);
    expect(tools[0]).toMatchObject({
      name: "ask_user",
      // Other tools and codemode scripts must not ask the user on the model's behalf.
      exposure: "model-only",
      executionMode: "sequential",
    });
  });

  it("advertises parameters that Pi's validator holds to 1-4 questions of 2-8 options", () => {
    const schema = register().tools[0]?.parameters;
    if (schema === undefined) throw new Error("ask_user was not registered");
    const check = (questions: unknown) => Value.Check(schema, { questions });
    expect(check([PICK(2)])).toBe(true);
    expect(check([PICK(8), PICK(2), PICK(3), PICK(4)])).toBe(true);
    expect(check([])).toBe(false);
    expect(check([PICK(2), PICK(2), PICK(2), PICK(2), PICK(2)])).toBe(false);
    expect(check([PICK(1)])).toBe(false);
    expect(check([PICK(9)])).toBe(false);
  });

  it("tells the model that Other is offered for it and that it must not assume answers", () => {
    const tool = register().tools[0];
    expect(tool?.description).toMatch(/"Other" is added automatically/);
    expect(tool?.description).toMatch(/Never assume an answer/);
    expect(tool?.promptGuidelines?.join("\n")).toMatch(/do not invent the answer/);
  });

  it("registers /askuser and lifts the re-ask guard when the agent settles", () => {
    const { commands, events } = register();
    expect(commands).toContain("askuser");
    expect(events).toContain("agent_settled");
  });

  it("registers /answer, /answer:again, /ask:replay and the session events they need", () => {
    const { commands, shortcuts, events } = register();
    expect(commands).toEqual(["answer", "answer:again", "ask:replay", "askuser"]);
    // The answer key comes from the user's settings, read when the session starts.
    expect(shortcuts).toEqual([]);
    expect([...new Set(events)].sort()).toEqual([
      "agent_settled",
      "agent_start",
      "before_agent_start",
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
