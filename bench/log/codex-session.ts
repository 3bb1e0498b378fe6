import type { Random } from "./random.ts";
import { AskSchedule, type GeneratedSession, startTime } from "./session.ts";
import type { TextPool } from "./text.ts";

/** A Codex rollout: shell calls with large outputs, agent messages, a few request_user_input calls. */
export function codexSession(
  random: Random,
  text: TextPool,
  targetBytes: number,
  asksPerMegabyte: number,
): GeneratedSession {
  const threadId = random.uuid();
  const cwd = `/home/dev/${random.pick(["shop", "api", "infra"])}`;
  let clock = startTime(random);
  const lines: string[] = [];
  let bytes = 0;
  let asks = 0;
  const schedule = new AskSchedule(asksPerMegabyte);

  const record = (type: string, payload: Record<string, unknown>): void => {
    clock += random.int(200, 30_000);
    const line = JSON.stringify({ timestamp: new Date(clock).toISOString(), type, payload });
    lines.push(line);
    bytes += line.length + 1;
  };

  record("session_meta", {
    id: threadId,
    timestamp: new Date(clock).toISOString(),
    cwd,
    originator: "codex_cli_rs",
    cli_version: "0.46.0",
    source: "cli",
    model_provider: "openai",
  });
  record("turn_context", { cwd, approval_policy: "on-request", model: "gpt-5-codex" });
  record("event_msg", { type: "user_message", message: text.prose(300), images: [] });

  while (bytes < targetBytes) {
    const roll = random.next();
    if (roll < 0.3) {
      const message = text.prose(random.logNormal(700, 0.9, 12_000));
      record("response_item", {
        type: "message",
        role: "assistant",
        content: [{ type: "output_text", text: message }],
      });
      record("event_msg", { type: "agent_message", message });
    } else if (roll < 0.4) {
      record("response_item", {
        type: "reasoning",
        summary: [{ type: "summary_text", text: text.prose(400) }],
        encrypted_content: random.hex(800),
      });
    } else {
      const callId = `call_${random.hex(24)}`;
      record("response_item", {
        type: "function_call",
        name: "shell",
        arguments: JSON.stringify({ command: ["bash", "-lc", "cargo test"], workdir: cwd }),
        call_id: callId,
      });
      const output = text.output(random.logNormal(6_000, 1.1, 300_000));
      record("response_item", {
        type: "function_call_output",
        call_id: callId,
        output: JSON.stringify({ output, metadata: { exit_code: 0, duration_seconds: 1.2 } }),
      });
      record("event_msg", { type: "token_count", info: null });
    }
    const megabyte = schedule.crossed(bytes);
    if (megabyte !== undefined && schedule.isDue(megabyte)) {
      ask();
      asks++;
    }
  }
  return { lines, asks };

  function ask(): void {
    const callId = `call_${random.hex(24)}`;
    record("response_item", {
      type: "function_call",
      name: "request_user_input",
      arguments: JSON.stringify({
        questions: [
          {
            id: "runner",
            header: "Runner",
            question: "Which test runner?",
            isOther: true,
            isSecret: false,
            options: [
              { label: "Vitest", description: "Fast" },
              { label: "Jest", description: "Familiar" },
            ],
          },
        ],
      }),
      call_id: callId,
    });
    record("response_item", {
      type: "function_call_output",
      call_id: callId,
      output: JSON.stringify({
        answers: { runner: { answers: ["Vitest", "user_note: keep jsdom"] } },
      }),
    });
  }
}
