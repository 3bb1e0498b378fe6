import { describe, expect, it } from "vitest";
import { ApiError, userApi } from "../../src/remote/user-client.ts";

/** A fetch that records each request and answers with one canned reply. */
function fakeFetch(status: number, body: unknown) {
  const seen: { url: string; headers: Record<string, string>; body?: string }[] = [];
  const fetcher = (async (url: string, init: RequestInit = {}) => {
    seen.push({
      url,
      headers: init.headers as Record<string, string>,
      ...(typeof init.body === "string" ? { body: init.body } : {}),
    });
    return new Response(body === undefined ? null : JSON.stringify(body), { status });
  }) as typeof fetch;
  return { fetcher, seen };
}

const transport = (fetcher: typeof fetch) => ({
  baseUrl: "http://127.0.0.1:1",
  headers: () => ({ "askuser-session": "key" }),
  signedOut: "sign in again",
  fetch: fetcher,
});

describe("userApi: the one client of the user API", () => {
  it("sends the transport's headers and the answers body, and reads the server's verdict", async () => {
    const { fetcher, seen } = fakeFetch(409, { by: "answer-cli", text: "The user answered:" });
    const outcome = await userApi(transport(fetcher)).postAnswer("a b", {
      db: { selected: ["x"] },
    });
    expect(outcome).toEqual({
      kind: "taken",
      resolution: { by: "answer-cli", text: "The user answered:" },
    });
    expect(seen[0]?.url).toBe("http://127.0.0.1:1/api/asks/a%20b/answer");
    expect(seen[0]?.headers).toMatchObject({
      "askuser-session": "key",
      "content-type": "application/json",
    });
    expect(seen[0]?.body).toBe('{"db":{"selected":["x"]}}');
  });

  it("a refused session says how to get in again; an unreachable server is told apart", async () => {
    const refused = userApi(transport(fakeFetch(401, {}).fetcher));
    await expect(refused.listAsks()).rejects.toThrow("sign in again");
    const down = userApi(
      transport((async () => {
        throw new TypeError("fetch failed");
      }) as typeof fetch),
    );
    const error = await down.getAsk("x").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBeUndefined();
    expect(await down.postCancel("x", {})).toMatchObject({ kind: "failed", unreachable: true });
  });

  it("keeps only what it can read from the list", async () => {
    const { fetcher } = fakeFetch(200, {
      asks: [
        {
          id: "1",
          agent: "pi",
          cwd: "/p",
          createdAt: "2026-01-01T00:00:00.000Z",
          headers: ["DB", 3],
          state: "pending",
          title: "t",
        },
        { nope: true },
      ],
    });
    expect(await userApi(transport(fetcher)).listAsks()).toEqual([
      {
        id: "1",
        agent: "pi",
        cwd: "/p",
        title: "t",
        createdAt: Date.parse("2026-01-01T00:00:00.000Z"),
        headers: ["DB"],
        state: "pending",
      },
    ]);
  });
});
