import type { Random } from "./random.ts";
import { AskSchedule, type GeneratedSession, startTime } from "./session.ts";
import type { TextPool } from "./text.ts";

const HEAD =
  "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file).";

/** A Claude Code transcript: mostly assistant text and large tool results, with a few asks. */
export function claudeSession(
  random: Random,
  text: TextPool,
  targetBytes: number,
  asksPerMegabyte: number,
): GeneratedSession {
  const sessionId = random.uuid();
  const cwd = `/home/dev/${random.pick(["shop", "api", "infra", "docs-site", "données"])}`;
  const version = random.pick(["2.1.112", "2.1.120", "2.1.150", "2.1.258", "2.1.332"]);
  let clock = startTime(random);
  let parent: string | null = null;
  const lines: string[] = [];
  let bytes = 0;
  let asks = 0;

  const push = (record: Record<string, unknown>): string => {
    const uuid = random.uuid();
    clock += random.int(200, 40_000);
    const line = JSON.stringify({
      parentUuid: parent,
      isSidechain: false,
      userType: "external",
      cwd,
      sessionId,
      version,
      gitBranch: "main",
      ...record,
      uuid,
      timestamp: new Date(clock).toISOString(),
    });
    parent = uuid;
    lines.push(line);
    bytes += line.length + 1;
    return uuid;
  };
  const assistant = (content: unknown[], stopReason: string | null = null) =>
    push({
      message: {
        model: "claude-opus-4-5",
        id: `msg_${random.hex(24)}`,
        type: "message",
        role: "assistant",
        content,
        stop_reason: stopReason,
        stop_sequence: null,
        usage: { input_tokens: random.int(1, 9), output_tokens: random.int(10, 900) },
      },
      requestId: `req_${random.hex(24)}`,
      type: "assistant",
    });
  const toolCall = (name: string, input: unknown): string => {
    const id = `toolu_${random.hex(24)}`;
    // Claude Code writes the stop reason on the record of the call that ended the response.
    assistant([{ type: "tool_use", id, name, input }], "tool_use");
    return id;
  };
  const result = (id: string, content: string, toolUseResult: unknown, isError = false) =>
    push({
      type: "user",
      message: {
        role: "user",
        content: [{ tool_use_id: id, type: "tool_result", content, is_error: isError }],
      },
      toolUseResult,
    });

  push({
    type: "user",
    message: { role: "user", content: text.prose(random.int(80, 600)) },
  });
  const budget = targetBytes / 1_048_576;
  const schedule = new AskSchedule(asksPerMegabyte);

  while (bytes < targetBytes) {
    const roll = random.next();
    if (roll < 0.05) {
      push({ type: "user", message: { role: "user", content: text.prose(random.int(40, 900)) } });
    } else if (roll < 0.1) {
      lines.push(
        JSON.stringify({
          type: "file-history-snapshot",
          messageId: random.uuid(),
          snapshot: { trackedFileBackups: {}, timestamp: new Date(clock).toISOString() },
          isSnapshotUpdate: false,
        }),
      );
    } else if (roll < 0.4) {
      const thinking = random.chance(0.3);
      assistant([
        thinking
          ? { type: "thinking", thinking: text.prose(random.logNormal(900, 0.8, 20_000)) }
          : { type: "text", text: text.prose(random.logNormal(700, 0.9, 16_000)) },
      ]);
    } else if (roll < 0.7) {
      const command = `${random.pick(["npm test", "rg -n cache src", "git diff", "ls -la"])}`;
      const id = toolCall("Bash", { command, description: "Run a command" });
      const out = text.output(random.logNormal(6_000, 1.1, 400_000));
      result(id, out, { stdout: out, stderr: "", interrupted: false, isImage: false });
    } else if (roll < 0.9) {
      const filePath = `${cwd}/src/${random.pick(["index", "cache", "server", "db"])}.ts`;
      const id = toolCall("Read", { file_path: filePath });
      const out = text.code(random.logNormal(9_000, 0.9, 250_000));
      result(id, out, {
        type: "text",
        file: { filePath, content: out, numLines: 300, startLine: 1, totalLines: 300 },
      });
    } else {
      const filePath = `${cwd}/src/${random.pick(["index", "cache"])}.ts`;
      const oldString = text.code(random.int(100, 2_000));
      const newString = text.code(random.int(100, 2_000));
      const id = toolCall("Edit", {
        file_path: filePath,
        old_string: oldString,
        new_string: newString,
      });
      result(id, `The file ${filePath} has been updated.`, {
        filePath,
        oldString,
        newString,
        structuredPatch: [],
        originalFile: text.code(random.logNormal(8_000, 0.7, 120_000)),
      });
    }

    const megabyte = schedule.crossed(bytes);
    if (megabyte !== undefined) {
      if (schedule.isDue(megabyte) && megabyte < budget) asks += askExchange();
      if (random.chance(0.3)) quoteMarkers();
    }
  }
  return { lines, asks };

  /** One ask in a phrasing of this session's version; returns how many asks it wrote. */
  function askExchange(): number {
    const question = random.pick([
      "Which cache should the service use?",
      "Wie sollen Fehler gemeldet werden?",
      "数据库用哪个？",
      "Should the API return 404 or 410 for deleted orders?",
    ]);
    const options = [
      { label: "Redis (Recommended)", description: "Shared, survives restarts." },
      { label: "In-memory, per process", description: "Fastest; lost on restart." },
      { label: "None", description: "Measure first." },
    ];
    const questions = [{ question, header: "Choice", multiSelect: false, options }];
    const kind = random.int(0, 4);
    if (kind === 4) {
      const planFilePath = `/home/dev/.claude/plans/${random.pick(["calm", "brave"])}-otter-sings.md`;
      const id = toolCall("ExitPlanMode", { plan: text.prose(600), planFilePath });
      result(
        id,
        `${HEAD} To tell you how to proceed, the user said:\nKeep the migration in a separate step.`,
        `Error: ${HEAD}`,
        true,
      );
      return 1;
    }
    const id = toolCall("AskUserQuestion", { questions });
    const answer = options[random.int(0, 2)]?.label ?? "None";
    if (kind === 0) {
      result(
        id,
        `User has answered your questions: "${question}"="${answer}". You can now continue with the user's answers in mind.`,
        { questions, answers: { [question]: answer } },
      );
    } else if (kind === 1) {
      result(
        id,
        `The user answered: "${question}"=(no option selected) notes: keep it simple, 先测量. Read the answers carefully — they may request clarification, changes, or that you not proceed — and follow what they actually say.`,
        {
          questions,
          answers: { [question]: "(notes only)" },
          annotations: { [question]: { notes: "keep it simple, 先测量" } },
        },
      );
    } else if (kind === 2) {
      result(id, "The user responded: let's talk about it tomorrow", {
        questions,
        answers: {},
        response: "let's talk about it tomorrow",
      });
    } else {
      result(
        id,
        `${HEAD} STOP what you are doing and wait for the user to tell you how to proceed.`,
        "User rejected tool use",
        true,
      );
    }
    return 1;
  }

  /** Tool output that quotes answer and rejection markers: never an answer. */
  function quoteMarkers(): void {
    const quoted = [
      'User has answered your questions: "Port?"="8080". You can now continue with the user\'s answers in mind.',
      `grep: ${HEAD} To tell you how to proceed, the user said:\nnot a real message`,
      `${text.prose(200)} The user answered: "x"="y".`,
    ].join("\n");
    const id = toolCall("Bash", { command: "rg -n 'User has answered' ~/.claude" });
    result(id, quoted, { stdout: quoted, stderr: "", interrupted: false, isImage: false });
  }
}
