import { afterEach, describe, expect, it } from "vitest";
import { publishAsk, type RemoteAsk } from "../../src/remote/client.ts";
import type { RunningServer } from "../../src/remote/serve.ts";
import { type CallOptions, call, startTestServer, threeQuestions } from "./support.ts";

const AGENT = { agent: "test-agent", cwd: "/tmp/project", pid: process.pid };
let server: (RunningServer & { env: Record<string, string> }) | undefined;

afterEach(async () => {
  await server?.stop();
  server = undefined;
});

async function setUp(limits = {}) {
  server = await startTestServer({ limits });
  const remote = await publishAsk(threeQuestions(), AGENT, { env: server.env });
  const origin = `http://127.0.0.1:${server.info.port}`;
  return { server, remote, origin };
}

/**
 * A page session key, as a browser gets it from the link: in the redirect's fragment, which no
 * browser sends to a server; never as a cookie, which a browser sends to every port of the host.
 */
async function sessionKey(server: RunningServer): Promise<string> {
  const link = new URL(server.answer.newPageUrl("abc"));
  const reply = await call(server, `${link.pathname}${link.search}`, { token: null });
  expect(reply.status).toBe(303);
  expect(reply.headers["set-cookie"]).toBeUndefined();
  const location = String(reply.headers.location);
  expect(location).toMatch(/^\/#ask=abc&session=[0-9a-f]{64}$/u);
  return new URLSearchParams(location.slice(2)).get("session") ?? "";
}

/** The ask as the server holds it, and its event counter: none of which a refusal may change. */
async function snapshot(server: RunningServer, remote: RemoteAsk) {
  const shown = await call(server, `/api/asks/${remote.id}`);
  return { shown: shown.json, lastEventId: server.registry.lastEventId };
}

describe("the security matrix: each refused with its status, nothing changed, counted", () => {
  const cases: ReadonlyArray<{
    readonly name: string;
    readonly status: number;
    readonly reason: string;
    readonly request: (
      id: string,
      origin: string,
      session: string,
    ) => { readonly path: string } & CallOptions;
  }> = [
    {
      name: "no token",
      status: 401,
      reason: "token",
      request: (id) => ({ path: `/api/asks/${id}/answer`, body: { db: "SQLite" }, token: null }),
    },
    {
      name: "wrong token",
      status: 401,
      reason: "token",
      request: (id) => ({
        path: `/api/asks/${id}/answer`,
        body: { db: "SQLite" },
        token: "0".repeat(64),
      }),
    },
    {
      name: "a token in the wrong scheme",
      status: 401,
      reason: "token",
      request: (id) => ({
        path: `/api/asks/${id}/answer`,
        body: { db: "SQLite" },
        token: null,
        headers: { Authorization: "Basic Zm9vOmJhcg==" },
      }),
    },
    {
      name: "the right bearer token on the page's TCP port (it is the socket's only)",
      status: 403,
      reason: "token",
      request: (id) => ({
        path: `/api/asks/${id}/answer`,
        body: { db: "SQLite" },
        via: "tcp",
      }),
    },
    {
      name: "wrong Host (DNS rebinding)",
      status: 421,
      reason: "host",
      request: (id) => ({
        path: `/api/asks/${id}/answer`,
        body: { db: "SQLite" },
        headers: { Host: "attacker.example:80" },
        via: "tcp",
      }),
    },
    {
      name: "a Host with the wrong port",
      status: 421,
      reason: "host",
      request: (id) => ({
        path: `/api/asks/${id}`,
        headers: { Host: "127.0.0.1:1" },
        via: "tcp",
      }),
    },
    {
      name: "wrong Origin",
      status: 403,
      reason: "origin",
      request: (id) => ({
        path: `/api/asks/${id}/answer`,
        body: { db: "SQLite" },
        headers: { Origin: "http://attacker.example" },
      }),
    },
    {
      name: "Origin: null",
      status: 403,
      reason: "origin",
      request: (id) => ({
        path: `/api/asks/${id}/answer`,
        body: { db: "SQLite" },
        headers: { Origin: "null" },
      }),
    },
    {
      name: "an https Origin of the same host",
      status: 403,
      reason: "origin",
      request: (id, origin) => ({
        path: `/api/asks/${id}/answer`,
        body: { db: "SQLite" },
        headers: { Origin: origin.replace("http:", "https:") },
      }),
    },
    {
      name: "a cross-site post carrying the page's session",
      status: 403,
      reason: "origin",
      request: (id, _origin, session) => ({
        path: `/api/asks/${id}/answer`,
        rawBody: "db=SQLite",
        token: null,
        headers: {
          "Askuser-Session": session,
          Origin: "http://attacker.example",
          "Content-Type": "application/x-www-form-urlencoded",
          "Sec-Fetch-Site": "cross-site",
        },
      }),
    },
    {
      name: "a page on another port of this host (same-site)",
      status: 403,
      reason: "origin",
      request: (id, _origin, session) => ({
        path: `/api/asks/${id}/answer`,
        body: { db: "SQLite" },
        token: null,
        headers: {
          "Askuser-Session": session,
          Origin: "http://127.0.0.1:8080",
          "Sec-Fetch-Site": "same-site",
        },
      }),
    },
    {
      name: "a session-only post without any Origin",
      status: 403,
      reason: "origin",
      request: (id, _origin, session) => ({
        path: `/api/asks/${id}/answer`,
        body: { db: "SQLite" },
        token: null,
        headers: { "Askuser-Session": session },
      }),
    },
    {
      name: "a same-origin form post (not JSON)",
      status: 415,
      reason: "body_invalid",
      request: (id, origin, session) => ({
        path: `/api/asks/${id}/answer`,
        rawBody: "db=SQLite",
        token: null,
        headers: {
          "Askuser-Session": session,
          Origin: origin,
          "Content-Type": "application/x-www-form-urlencoded",
        },
      }),
    },
    {
      name: "an oversize body",
      status: 413,
      reason: "body_too_large",
      request: (id) => ({
        path: `/api/asks/${id}/answer`,
        rawBody: JSON.stringify({ db: { other: "x".repeat(300_000) } }),
      }),
    },
    {
      name: "an unknown id",
      status: 404,
      reason: "unknown_ask",
      request: () => ({ path: "/api/asks/nosuchask/answer", body: { db: "SQLite" } }),
    },
    {
      name: "an id with a path trick",
      status: 404,
      reason: "not_found",
      request: (id) => ({
        path: `/api/asks/${id}/..%2F..%2Fstatus/answer`,
        body: { db: "SQLite" },
      }),
    },
    {
      name: "an invalid label",
      status: 400,
      reason: "invalid_answer",
      request: (id) => ({ path: `/api/asks/${id}/answer`, body: { db: "MySQL" } }),
    },
    {
      name: "an invalid draft",
      status: 400,
      reason: "invalid_answer",
      request: (id) => ({ path: `/api/asks/${id}/progress`, body: { nosuch: "A" } }),
    },
    {
      name: "a key given twice",
      status: 400,
      reason: "body_invalid",
      request: (id) => ({
        path: `/api/asks/${id}/answer`,
        rawBody: '{"db": "SQLite", "db": "Postgres"}',
      }),
    },
    {
      name: "a body that is not UTF-8",
      status: 400,
      reason: "body_invalid",
      request: (id) => ({
        path: `/api/asks/${id}/answer`,
        rawBody: Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x7d]),
      }),
    },
    {
      name: "a body nested 100 deep",
      status: 400,
      reason: "body_invalid",
      request: (id) => ({
        path: `/api/asks/${id}/answer`,
        rawBody: `${"[".repeat(100)}${"]".repeat(100)}`,
      }),
    },
    {
      name: "an event stream without a token",
      status: 401,
      reason: "token",
      request: () => ({ path: "/api/events", token: null }),
    },
    {
      name: "an event stream from another site",
      status: 403,
      reason: "origin",
      request: () => ({ path: "/api/events", headers: { Origin: "http://attacker.example" } }),
    },
    {
      name: "a page session publishing an ask",
      status: 403,
      reason: "token",
      request: (_id, origin, session) => ({
        path: "/api/asks",
        body: { ask: threeQuestions(), agent: AGENT },
        token: null,
        headers: { "Askuser-Session": session, Origin: origin },
      }),
    },
    {
      name: "a page session claiming for the agent",
      status: 403,
      reason: "token",
      request: (id, origin, session) => ({
        path: `/api/asks/${id}/claim`,
        body: { by: "terminal", details: {} },
        token: null,
        headers: { "Askuser-Session": session, Origin: origin },
      }),
    },
    {
      name: "a forged session key",
      status: 401,
      reason: "token",
      request: (id, origin) => ({
        path: `/api/asks/${id}/answer`,
        body: { db: "SQLite" },
        token: null,
        headers: { "Askuser-Session": "a".repeat(64), Origin: origin },
      }),
    },
    {
      name: "the session key as a cookie (what another port of this host would receive)",
      status: 401,
      reason: "token",
      request: (id, origin, session) => ({
        path: `/api/asks/${id}/answer`,
        body: { db: "SQLite" },
        token: null,
        headers: { Cookie: `askuser_session=${session}`, Origin: origin },
      }),
    },
    {
      name: "DELETE on an ask",
      status: 405,
      reason: "method",
      request: (id) => ({ path: `/api/asks/${id}`, method: "DELETE" }),
    },
    {
      name: "a static path outside the fixed list",
      status: 404,
      reason: "not_found",
      request: () => ({ path: "/..%2F..%2Fpackage.json", token: null }),
    },
  ];

  it.each(cases)("$name → $status", async ({ status, reason, request }) => {
    const { server, remote, origin } = await setUp();
    const session = await sessionKey(server);
    const before = await snapshot(server, remote);
    const refusedBefore = { ...server.answer.refused };
    const { path, ...options } = request(remote.id, origin, session);
    const reply = await call(server, path, options);
    expect(reply.status).toBe(status);
    expect(reply.headers["access-control-allow-origin"]).toBeUndefined();
    expect(await snapshot(server, remote)).toEqual(before);
    expect(server.answer.refused).toEqual({
      ...refusedBefore,
      [reason]: (refusedBefore[reason as keyof typeof refusedBefore] ?? 0) + 1,
    });
  });

  it("a double submit: the second gets 409 with the first's answer, counted, nothing changed", async () => {
    const { server, remote } = await setUp();
    expect(
      (await call(server, `/api/asks/${remote.id}/answer`, { body: { db: "SQLite" } })).status,
    ).toBe(200);
    const before = await snapshot(server, remote);
    const second = await call(server, `/api/asks/${remote.id}/answer`, {
      body: { db: "Postgres" },
    });
    expect(second.status).toBe(409);
    expect(second.json).toMatchObject({
      by: "page",
      details: { answers: { db: { selected: ["SQLite"] } } },
    });
    expect(await snapshot(server, remote)).toEqual(before);
    expect(server.answer.refused.already_resolved).toBe(1);
  });

  it("the page's own requests pass: the session with its Origin changes state, the session alone reads", async () => {
    const { server, remote, origin } = await setUp();
    const session = await sessionKey(server);
    const list = await call(server, "/api/asks", {
      token: null,
      headers: { "Askuser-Session": session },
    });
    expect(list.status).toBe(200);
    const answer = await call(server, `/api/asks/${remote.id}/answer`, {
      body: { db: "SQLite" },
      token: null,
      headers: { "Askuser-Session": session, Origin: origin, "Sec-Fetch-Site": "same-origin" },
    });
    expect(answer.status).toBe(200);
  });

  it("a code works once: the second use gives no session and is counted", async () => {
    const { server } = await setUp();
    const link = new URL(server.answer.newPageUrl());
    const first = await call(server, `${link.pathname}${link.search}`, { token: null });
    expect(first.headers.location).toMatch(/^\/#session=[0-9a-f]{64}$/u);
    const again = await call(server, `${link.pathname}${link.search}`, { token: null });
    expect(again.status).toBe(303);
    expect(again.headers.location).toBe("/");
    expect(server.answer.refused.token).toBe(1);
  });

  it("wrong tokens are rate limited and counted, while the right token is never locked out", async () => {
    const { server } = await setUp({ failures: 5 });
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await call(server, "/api/asks", { token: "f".repeat(64) })).status).toBe(401);
    }
    expect((await call(server, "/api/asks", { token: "f".repeat(64) })).status).toBe(429);
    expect((await call(server, "/api/asks", { token: "e".repeat(64) })).status).toBe(429);
    expect((await call(server, "/api/asks", { token: null, via: "socket" })).status).toBe(429);
    expect((await call(server, "/api/asks")).status).toBe(200);
    expect(server.answer.refused).toMatchObject({ token: 4, rate_limited: 3 });
  });

  it("the favicon every browser asks for is an empty answer, not a counted refusal", async () => {
    const { server } = await setUp();
    expect((await call(server, "/favicon.ico", { token: null })).status).toBe(204);
    expect(server.answer.refused.not_found).toBe(0);
  });

  it("every response carries the strict CSP and no CORS header", async () => {
    const { server } = await setUp();
    for (const reply of [
      await call(server, "/", { token: null }),
      await call(server, "/api/asks"),
      await call(server, "/api/asks", { token: null }),
    ]) {
      expect(reply.headers["content-security-policy"]).toBe(
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
      );
      expect(reply.headers["x-content-type-options"]).toBe("nosniff");
      expect(
        Object.keys(reply.headers).filter((name) => name.startsWith("access-control")),
      ).toEqual([]);
    }
  });
});

describe("the Host rule", () => {
  it("allows the loopback names and, with --lan, that address, each with the port only", async () => {
    const { allowedHosts } = await import("../../src/remote/security.ts");
    expect([...allowedHosts(4000)]).toEqual(["127.0.0.1:4000", "localhost:4000", "[::1]:4000"]);
    expect([...allowedHosts(4000, "192.168.1.20")]).toContain("192.168.1.20:4000");
    expect([...allowedHosts(4000, "fe80::1")]).toContain("[fe80::1]:4000");
  });
});
