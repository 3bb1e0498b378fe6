import type { Random } from "./random.ts";
import { AskSchedule, type GeneratedSession, startTime } from "./session.ts";
import type { TextPool } from "./text.ts";

/** A Pi v3 session: one tree, mostly assistant text and bash/read results, a few ask_user calls. */
export function piSession(
  random: Random,
  text: TextPool,
  targetBytes: number,
  asksPerMegabyte: number,
): GeneratedSession {
  const sessionId = random.uuid();
  const cwd = `/home/dev/${random.pick(["shop", "api", "infra"])}`;
  let clock = startTime(random);
  let parent: string | null = null;
  const lines: string[] = [
    JSON.stringify({
      type: "session",
      version: 3,
      id: sessionId,
      timestamp: new Date(clock).toISOString(),
      cwd,
    }),
  ];
  let bytes = 0;
  let asks = 0;
  const schedule = new AskSchedule(asksPerMegabyte);

  const entry = (message: Record<string, unknown>): void => {
    const id = random.hex(8);
    clock += random.int(200, 40_000);
    const line = JSON.stringify({
      type: "message",
      id,
      parentId: parent,
      timestamp: new Date(clock).toISOString(),
      message: { ...message, timestamp: clock },
    });
    parent = id;
    lines.push(line);
    bytes += line.length + 1;
  };
  const assistant = (content: unknown[]) =>
    entry({
      role: "assistant",
      content,
      api: "anthropic-messages",
      provider: "anthropic",
      model: "claude-sonnet-4-5",
      usage: { input: 10, output: 200 },
      stopReason: "toolUse",
    });
  const call = (name: string, args: unknown): string => {
    const id = `toolu_${random.hex(20)}`;
    assistant([
      { type: "text", text: text.prose(random.logNormal(300, 0.8, 4_000)) },
      { type: "toolCall", id, name, arguments: args },
    ]);
    return id;
  };

  entry({ role: "user", content: [{ type: "text", text: text.prose(300) }] });
  while (bytes < targetBytes) {
    const roll = random.next();
    if (roll < 0.05) {
      entry({ role: "user", content: [{ type: "text", text: text.prose(random.int(40, 900)) }] });
    } else if (roll < 0.35) {
      assistant([{ type: "text", text: text.prose(random.logNormal(800, 0.9, 16_000)) }]);
    } else {
      const name = random.pick(["bash", "read"]);
      const id = call(name, name === "bash" ? { command: "npm test" } : { path: `${cwd}/a.ts` });
      entry({
        role: "toolResult",
        toolCallId: id,
        toolName: name,
        content: [{ type: "text", text: text.output(random.logNormal(7_000, 1.1, 300_000)) }],
        isError: false,
      });
    }
    const megabyte = schedule.crossed(bytes);
    if (megabyte !== undefined && schedule.isDue(megabyte)) {
      ask();
      asks++;
    }
  }
  return { lines, asks };

  function ask(): void {
    const question = {
      id: "q1",
      header: "Runner",
      question: "Which test runner?",
      options: [{ label: "Vitest (Recommended)" }, { label: "Jest" }],
      multiSelect: false,
      allowComment: true,
    };
    const id = call("ask_user", {
      questions: [{ question: question.question, header: "Runner", options: question.options }],
    });
    const answer = { selected: ["Vitest (Recommended)"], comment: "keep jsdom" };
    entry({
      role: "toolResult",
      toolCallId: id,
      toolName: "ask_user",
      content: [
        {
          type: "text",
          text: 'The user answered:\n"Which test runner?" = "Vitest (Recommended) — keep jsdom"',
        },
      ],
      details: {
        status: "answered",
        questions: [question],
        answers: { q1: answer },
        unanswered: [],
      },
      isError: false,
    });
  }
}
