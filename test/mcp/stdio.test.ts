import { execFileSync } from "node:child_process";
import { createReadStream, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterEach, describe, expect, it } from "vitest";
import { modelText } from "../../src/core/index.ts";
import {
  askInLink,
  backgroundServer,
  call as httpCall,
  openEvents,
  runtimeEnv,
  stopBackgroundServer,
} from "../remote/support.ts";
import { SINGLE, THREE } from "../support/asks.ts";
import { controlIn } from "../support/control-sequences.ts";
import { BIN, runCli } from "../support/run-cli.ts";
import { testDir } from "../support/test-dir.ts";
import { StreamText } from "../support/wait-for.ts";
import { initializeRequest } from "./initialize-request.ts";
import { ERAS } from "./mcp-harness.ts";
import { askCall, initialize, type RawServer, startRawServer } from "./stdio-process.ts";

const running: { close(): unknown }[] = [];
afterEach(async () => {
  for (const item of running.splice(0)) await item.close();
});

async function sdkClient(era: (typeof ERAS)[number], forms: boolean): Promise<Client> {
  const client = new Client(
    { name: "stdio-test", version: "1" },
    {
      capabilities: forms ? { elicitation: { form: {} } } : {},
      versionNegotiation: { mode: era === "legacy" ? "legacy" : "auto" },
    },
  );
  if (forms) {
    client.setRequestHandler("elicitation/create", async () => ({
      action: "accept",
      content: { q1: "SQLite" },
    }));
  }
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [BIN, "mcp"], stderr: "pipe" }),
  );
  running.push(client);
  return client;
}

describe.each(ERAS)("node bin/askuser.js mcp, %s era", (era) => {
  it("answers through the client's form", async () => {
    const client = await sdkClient(era, true);
    const result = (await client.callTool({ name: "ask_user", arguments: SINGLE })) as unknown as {
      content: { text: string }[];
      structuredContent: never;
    };
    expect(result.structuredContent).toMatchObject({
      status: "answered",
      answers: { q1: { selected: ["SQLite"] } },
    });
    expect(result.content[0]?.text).toBe(modelText(result.structuredContent));
  });

  it("is unavailable at once for a client without forms", async () => {
    const client = await sdkClient(era, false);
    const result = (await client.callTool({ name: "ask_user", arguments: SINGLE })) as unknown as {
      isError?: boolean;
      structuredContent: unknown;
    };
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ status: "unavailable" });
  });
});

describe("node bin/askuser.js mcp under attack", () => {
  function start(): RawServer {
    const server = startRawServer();
    running.push({ close: () => server.child.kill() });
    return server;
  }

  it("exits when stdin closes while a form is open", async () => {
    const server = start();
    await initialize(server, { forms: true });
    server.send(askCall(1, SINGLE));
    await server.next(
      "the elicitation request",
      (message) => message.method === "elicitation/create",
    );
    server.child.stdin?.end();
    expect(await server.exited()).toBe(0);
    expect(server.strayLines).toEqual([]);
  });

  it("checks a form reply against the form's schema, with the call sent before initialized", async () => {
    const server = start();
    server.send(initializeRequest({ forms: true, name: "hasty" }));
    server.send(askCall(1, SINGLE));
    const form = await server.next(
      "the form",
      (message) => message.method === "elicitation/create",
    );
    server.send({ jsonrpc: "2.0", id: form.id, result: { action: "accept", content: { q1: 42 } } });
    const result = await server.next("the ask's result", (message) => message.id === 1);
    expect(result.result).toMatchObject({
      structuredContent: { status: "cancelled", origin: "ui_failure" },
    });
    await server.stderr.line(/does not match requested schema: data\/q1 must be string/u);
  });

  it("sends a 2025-06-18 client only that revision's fields, and reads its checkboxes back", async () => {
    const server = start();
    server.send(
      initializeRequest({ forms: true, name: "older-client", protocolVersion: "2025-06-18" }),
    );
    await server.next("the initialize result", (message) => message.id === 0);
    server.send({ jsonrpc: "2.0", method: "notifications/initialized" });
    server.send(askCall(1, THREE));
    const request = (await server.next(
      "the elicitation request",
      (message) => message.method === "elicitation/create",
    )) as { id: number; params: { requestedSchema: { properties: object } } };
    const fields = JSON.stringify(request.params.requestedSchema.properties);
    expect(fields).not.toMatch(/"oneOf"|"anyOf"|"array"/);
    server.send({
      jsonrpc: "2.0",
      id: request.id,
      result: { action: "accept", content: { db: "SQLite", "features-1": true, api: "REST" } },
    });
    const result = await server.next("the result", (message) => message.id === 1);
    expect(result.result).toMatchObject({
      structuredContent: {
        status: "answered",
        answers: { db: { selected: ["SQLite"] }, features: { selected: ["Auth"] } },
      },
    });
  });

  describe("a 2026-07-28 client's retries", () => {
    const META = {
      "io.modelcontextprotocol/protocolVersion": "2026-07-28",
      "io.modelcontextprotocol/clientInfo": { name: "raw-2026", version: "1" },
      "io.modelcontextprotocol/clientCapabilities": { elicitation: { form: {} } },
    };
    let nextId = 1;
    async function retry(server: RawServer, extra: Record<string, unknown>) {
      const id = nextId++;
      server.send({
        jsonrpc: "2.0",
        id,
        method: "tools/call",
        params: { name: "ask_user", arguments: SINGLE, ...extra, _meta: META },
      });
      return (await server.next(`reply ${id}`, (message) => message.id === id)) as {
        result: {
          resultType?: string;
          requestState?: string;
          structuredContent?: { status: string; origin?: string };
        };
      };
    }

    it("never reads accepted content that is not an object as an empty form", async () => {
      const server = start();
      const first = await retry(server, {});
      const reply = await retry(server, {
        requestState: first.result.requestState,
        inputResponses: { ask: { action: "accept", content: ["SQLite"] } },
      });
      expect(reply.result.structuredContent).toMatchObject({
        status: "cancelled",
        origin: "ui_failure",
      });
      expect(server.stderrText()).toContain("not an object");
    });

    it("answers a client that replies twice to one form with the first reply's result", async () => {
      const server = start();
      const form = await retry(server, {});
      const first = await retry(server, {
        requestState: form.result.requestState,
        inputResponses: { ask: { action: "accept", content: { q1: "SQLite" } } },
      });
      const second = await retry(server, {
        requestState: form.result.requestState,
        inputResponses: { ask: { action: "accept", content: { q1: "Postgres" } } },
      });
      expect(first.result.structuredContent).toMatchObject({
        status: "answered",
        answers: { q1: { selected: ["SQLite"] } },
      });
      expect(second.result).toEqual(first.result);
      expect(server.stderrText()).toContain("replied again to a form it had already replied to");
    });

    it("says when a retry carries no usable answer, and stops asking after the round limit", async () => {
      const server = start();
      let reply = await retry(server, {});
      for (let round = 1; round <= 3 && reply.result.resultType === "input_required"; round += 1) {
        reply = await retry(server, {
          requestState: reply.result.requestState,
          inputResponses: { answer: { action: "accept", content: { q1: "SQLite" } } },
        });
      }
      expect(reply.result.structuredContent).toMatchObject({
        status: "cancelled",
        origin: "ui_failure",
      });
      expect(server.stderrText()).toContain('no usable reply under "ask" (received "answer")');
    });
  });

  it("answers a request over 10 MiB with a JSON-RPC error and keeps serving", async () => {
    const server = start();
    await initialize(server, { forms: false });
    const huge = "x".repeat(11 * 1024 * 1024);
    server.sendRaw(`${JSON.stringify(askCall(5, { questions: [{ question: huge }] }))}\n`);
    const refused = await server.next(
      "the oversize request's error",
      (message) => message.id === 5,
    );
    expect(refused.error).toMatchObject({ code: -32600 });
    expect(JSON.stringify(refused.error)).toContain("over askuser mcp's limit of 10485760 bytes");
    server.send(askCall(6, SINGLE));
    const next = await server.next("the next ask's result", (message) => message.id === 6);
    expect(next.result).toMatchObject({ structuredContent: { status: "unavailable" } });
    expect(server.stderrText()).toContain("over askuser mcp's limit");
    expect(server.child.exitCode).toBeNull();
  });

  it("a form reply over 10 MiB ends its ask with a true result (the form failed), not silence", async () => {
    const server = start();
    await initialize(server, { forms: true });
    server.send(askCall(1, SINGLE));
    const request = await server.next(
      "the elicitation request",
      (message) => message.method === "elicitation/create",
    );
    const content = { q1: "y".repeat(11 * 1024 * 1024) };
    server.sendRaw(
      `${JSON.stringify({ jsonrpc: "2.0", id: request.id, result: { action: "accept", content } })}\n`,
    );
    const result = await server.next("the ask's result", (message) => message.id === 1);
    expect(result.result).toMatchObject({
      structuredContent: { status: "cancelled", origin: "ui_failure" },
    });
    server.child.stdin?.end();
    expect(await server.exited()).toBe(0);
  });

  it("answers malformed JSON-RPC with errors and keeps serving", async () => {
    const server = start();
    server.sendRaw("this is not json\n");
    server.sendRaw('{"jsonrpc":"2.0","id":"x","method":\n');
    server.sendRaw('{"jsonrpc":"1.0","id":7,"method":"tools/list"}\n');
    await initialize(server, { forms: false });
    server.send({ jsonrpc: "2.0", id: 2, method: "no/such/method" });
    const unknown = await server.next("the unknown method's error", (message) => message.id === 2);
    expect(unknown.error).toMatchObject({ code: -32601 });
    server.send({
      jsonrpc: "2.0",
      id: 3,
      method: "tools/call",
      params: { name: "rm_rf", arguments: {} },
    });
    const wrongTool = await server.next("the unknown tool's error", (message) => message.id === 3);
    expect(JSON.stringify(wrongTool)).toContain("this server has only ask_user");
    server.send(askCall(4, SINGLE));
    const answer = await server.next("the ask's result", (message) => message.id === 4);
    expect(answer.result).toMatchObject({ structuredContent: { status: "unavailable" } });
    expect(server.strayLines).toEqual([]);
  });

  it("refuses huge and deeply nested arguments with the validation text", async () => {
    const server = start();
    await initialize(server, { forms: true });
    const depth = 100_000;
    server.sendRaw(
      `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"ask_user","arguments":{"questions":${"[".repeat(depth)}${"]".repeat(depth)}}}}\n`,
    );
    const deepResult = await server.next("the deep result", (message) => message.id === 1);
    expect(JSON.stringify(deepResult)).toContain("nests arrays and objects more than 64 deep");
    server.send(
      askCall(2, {
        questions: [{ question: "x".repeat(2_000_000), options: [{ label: "A" }, { label: "B" }] }],
      }),
    );
    const hugeResult = (await server.next("the huge result", (message) => message.id === 2)) as {
      result: { isError: boolean; content: { text: string }[] };
    };
    expect(hugeResult.result.isError).toBe(true);
    expect(hugeResult.result.content[0]?.text.length).toBeLessThan(2_000);
  });

  it("keeps escape sequences from the model and the client off stdout and stderr", async () => {
    const server = start();
    await initialize(server, { forms: true, name: "evil\u001b]0;pwned\u0007\u009b2J\u202e" });
    const hostile = "\u001b[2J\u009b31m\u202eevil\u0007";
    server.send(
      askCall(1, {
        questions: [
          {
            question: "Pick one",
            context: hostile,
            options: [{ label: "A", description: hostile, preview: hostile }, { label: "B" }],
          },
        ],
      }),
    );
    const request = await server.next(
      "the elicitation request",
      (message) => message.method === "elicitation/create",
    );
    server.send({ jsonrpc: "2.0", id: request.id, result: { action: "decline" } });
    const result = await server.next("the result", (message) => message.id === 1);
    expect(JSON.stringify(result)).toContain("reported that the form was declined");
    server.send(
      askCall(2, {
        questions: [{ question: `bad${hostile}`, options: [{ label: "A" }, { label: "B" }] }],
      }),
    );
    await server.next("the invalid result", (message) => message.id === 2);
    // What the user types reaches the model exactly, so the details carry it as it is: on the
    // wire it must be a \u escape, never the raw character.
    server.send(
      askCall(3, { questions: [{ question: "Pick", options: [{ label: "A" }, { label: "B" }] }] }),
    );
    const form = await server.next(
      "the second form",
      (message) => message.method === "elicitation/create",
    );
    const typedText = "typed\u009b31m\u202eevil";
    server.send({
      jsonrpc: "2.0",
      id: form.id,
      result: { action: "accept", content: { "q1-other": typedText } },
    });
    const typed = (await server.next("the typed answer", (message) => message.id === 3)) as {
      result: { structuredContent: { answers: { q1: { other: string } } } };
    };
    expect(typed.result.structuredContent.answers.q1.other).toBe(typedText);
    server.child.stdin?.end();
    await server.exited();
    expect(controlIn(server.stdoutText().replaceAll("\n", ""))).toBeUndefined();
    expect(controlIn(server.stderrText())).toBeUndefined();
  });
});

describe.runIf(process.platform !== "win32")(
  "node bin/askuser.js mcp's notification command",
  () => {
    it("runs when a form opens (its runner loads only then)", async () => {
      const dir = testDir("askuser-mcp-notify-");
      const fifo = join(dir, "told");
      execFileSync("mkfifo", [fifo]);
      writeFileSync(
        join(dir, "settings.json"),
        JSON.stringify({ notifications: { command: `printf '%s' "$ASKUSER_EVENT" > '${fifo}'` } }),
      );
      const told = new StreamText(createReadStream(fifo)).all("the notification command");
      const server = startRawServer({ ASKUSER_CONFIG: join(dir, "settings.json") });
      running.push({ close: () => server.child.kill() });
      await initialize(server, { forms: true });
      server.send(askCall(1, SINGLE));
      expect(await told).toBe("ask_open");
    });
  },
);

describe("node bin/askuser.js mcp with the remote setting, for a client without forms", () => {
  const envs: Record<string, string>[] = [];
  afterEach(async () => {
    for (const env of envs.splice(0)) await stopBackgroundServer(env);
  });

  it.each(ERAS)(
    "starts the answer server, says where to answer, and returns the page's answer (%s era)",
    async (era) => {
      const env = runtimeEnv();
      const dir = testDir("askuser-mcp-settings-");
      writeFileSync(join(dir, "settings.json"), JSON.stringify({ remote: true }));
      env.ASKUSER_CONFIG = join(dir, "settings.json");
      envs.push(env);
      const client = new Client(
        { name: "gemini-cli-mcp-client", version: "1" },
        { capabilities: {}, versionNegotiation: { mode: era === "legacy" ? "legacy" : "auto" } },
      );
      const logs: string[] = [];
      client.setNotificationHandler("notifications/message", async (notification) => {
        logs.push(String(notification.params.data));
      });
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: [BIN, "mcp"],
        env: { ...(process.env as Record<string, string>), ...env },
        stderr: "pipe",
      });
      const stderr = new StreamText(transport.stderr as Readable | null);
      await client.connect(transport);
      running.push(client);
      const call = client.callTool(
        { name: "ask_user", arguments: SINGLE },
        { timeout: 60_000 },
      ) as Promise<{
        structuredContent: unknown;
      }>;
      const [, link = ""] = await stderr.line(
        /answer at (http:\/\/127\.0\.0\.1:\d+\/\?code=\S+)/u,
        "the page link on stderr",
      );
      const server = await backgroundServer(env);
      const id = askInLink(link);
      const answer = await httpCall(server, `/api/asks/${id}/answer`, { body: { q1: "SQLite" } });
      expect(answer.status).toBe(200);
      expect((await call).structuredContent).toMatchObject({
        status: "answered",
        answers: { q1: { selected: ["SQLite"] } },
      });
      if (era === "legacy") expect(logs.join("\n")).toContain("answer at http://127.0.0.1:");
    },
  );

  it.each([
    ["a name longer than the page takes", "n".repeat(300), /^n{90,99}…$/],
    ["an empty name", "", /^MCP client$/],
    ["control characters", "evil\u001b]0;x\u0007\u202ename", /^evil␛\]0;x␇.*name$/],
  ])("puts a client with %s on the page under a name it can show", async (_what, name, shown) => {
    const env = runtimeEnv();
    const dir = testDir("askuser-mcp-settings-");
    writeFileSync(join(dir, "settings.json"), JSON.stringify({ remote: true }));
    env.ASKUSER_CONFIG = join(dir, "settings.json");
    envs.push(env);
    const raw = startRawServer(env);
    running.push({ close: () => raw.child.kill() });
    await initialize(raw, { forms: false, name });
    raw.send(askCall(1, SINGLE));
    const [, link = ""] = await raw.stderr.line(/answer at (\S+)/u, "the page link on stderr");
    const server = await backgroundServer(env);
    const id = askInLink(link);
    const state = (await httpCall(server, `/api/asks/${id}`)).json as { agent?: string };
    expect(state.agent).toMatch(shown);
    await httpCall(server, `/api/asks/${id}/answer`, { body: { q1: "SQLite" } });
    const result = await raw.next("the result", (message) => message.id === 1);
    expect(result.result).toMatchObject({ structuredContent: { status: "answered" } });
  });

  it("withdraws the page's ask and exits when stdin closes while it waits", async () => {
    const env = runtimeEnv();
    const dir = testDir("askuser-mcp-settings-");
    writeFileSync(join(dir, "settings.json"), JSON.stringify({ remote: true }));
    env.ASKUSER_CONFIG = join(dir, "settings.json");
    envs.push(env);
    const raw = startRawServer(env);
    running.push({ close: () => raw.child.kill() });
    await initialize(raw, { forms: false });
    raw.send(askCall(1, SINGLE));
    const [, link = ""] = await raw.stderr.line(/answer at (\S+)/u, "the page link on stderr");
    const server = await backgroundServer(env);
    const id = askInLink(link);
    const events = await openEvents(server);
    raw.child.stdin?.end();
    expect(await raw.exited()).toBe(0);
    const withdrawn = await events.next(
      "the ask withdrawn",
      (event) => event.event === "withdrawn",
    );
    events.close();
    expect(withdrawn.data).toEqual({ id, origin: "turn_abort" });
  });
});

/** An initialize request as a client writes it, without its line end. */
const INITIALIZE = JSON.stringify(initializeRequest());

describe("askuser mcp when standard input ends at once", () => {
  it("answers an initialize whose line is ended by the end of input instead of a line end", async () => {
    const run = await runCli(["mcp"], { stdin: INITIALIZE });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^\{"result":\{"protocolVersion":"2025-11-25".*"id":0\}\n$/u);
  });

  it("exits 0 without a word when standard input is closed before it starts", async () => {
    expect(await runCli(["mcp"], { stdin: "" })).toEqual({ code: 0, stdout: "", stderr: "" });
  });
});

describe("askuser mcp on the command line", () => {
  it("prints its help with the one-line setup", async () => {
    const run = await runCli(["mcp", "--help"], { stdin: "" });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("claude mcp add askuser -- npx -y askuser mcp");
  });

  it.each([[["mcp", "extra"]], [["mcp", "--port", "1"]]])(
    "refuses %j as a usage error",
    async (args) => {
      const run = await runCli(args, { stdin: "" });
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/^askuser: .*askuser mcp/);
    },
  );

  it("is listed in askuser --help", async () => {
    expect((await runCli(["--help"], { stdin: "" })).stdout).toContain("askuser mcp");
  });
});
