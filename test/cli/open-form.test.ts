import { describe, expect, it } from "vitest";
import type { CliIo } from "../../src/cli/io.ts";
import { main } from "../../src/cli/main.ts";
import type { Ask, AskDetails } from "../../src/core/index.ts";

const PAYLOAD = JSON.stringify({
  questions: [{ question: "Which runtime?", options: [{ label: "Node" }, { label: "Deno" }] }],
});

function io(options: { interactive: boolean; files: Record<string, string> }) {
  const out: string[] = [];
  const opened: Ask[] = [];
  /** What happened, in order: the form's modules asked for ahead of time, files read. */
  const events: string[] = [];
  const cli: CliIo = {
    stdout: { write: (text: string) => out.push(text) },
    stderr: { write: (text: string) => out.push(text) },
    readText: async (path) => {
      events.push(`read ${path}`);
      const text = options.files[path];
      if (text === undefined) throw new Error(`no such file ${path}`);
      return text;
    },
    readStdin: async () => "",
    interactive: options.interactive,
    env: {},
    prepareForm: () => events.push("prepare form"),
    openForm: async (ask): Promise<AskDetails> => {
      opened.push(ask);
      return {
        status: "answered",
        questions: ask.questions,
        answers: { q1: { selected: ["Deno"] } },
        unanswered: [],
      };
    },
  };
  return { cli, out, opened, events };
}

describe("askuser ask and the terminal form", () => {
  it("opens the form when a person is at the terminal, and prints its outcome", async () => {
    const { cli, out, opened } = io({ interactive: true, files: { "p.json": PAYLOAD } });
    expect(await main(["ask", "p.json"], cli, "0")).toBe(0);
    expect(opened).toHaveLength(1);
    expect(out.join("")).toBe('The user answered:\n"Which runtime?" = "Deno"\n');
  });

  it("lets --answers take precedence over the terminal", async () => {
    const files = { "p.json": PAYLOAD, "a.json": JSON.stringify({ q1: "Node" }) };
    const { cli, out, opened } = io({ interactive: true, files });
    expect(await main(["ask", "p.json", "--answers", "a.json"], cli, "0")).toBe(0);
    expect(opened).toEqual([]);
    expect(out.join("")).toContain('"Which runtime?" = "Node"');
  });

  it("never opens the form without a terminal", async () => {
    const { cli, out, opened } = io({ interactive: false, files: { "p.json": PAYLOAD } });
    expect(await main(["ask", "p.json"], cli, "0")).toBe(1);
    expect(opened).toEqual([]);
    expect(out.join("")).toContain("No interactive user can answer questions here");
  });

  it("starts loading the form before reading the payload, so the two overlap", async () => {
    const { cli, events } = io({ interactive: true, files: { "p.json": PAYLOAD } });
    expect(await main(["ask", "p.json"], cli, "0")).toBe(0);
    expect(events).toEqual(["prepare form", "read p.json"]);
  });

  it("loads no form ahead of a run that will not show one", async () => {
    const files = { "p.json": PAYLOAD, "a.json": JSON.stringify({ q1: "Node" }) };
    for (const [interactive, args] of [
      [true, ["ask", "p.json", "--answers", "a.json"]],
      [false, ["ask", "p.json"]],
    ] as const) {
      const { cli, events } = io({ interactive, files });
      await main(args, cli, "0");
      expect(events).not.toContain("prepare form");
    }
  });
});
