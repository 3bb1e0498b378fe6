import { afterEach, describe, expect, it } from "vitest";
import { publishAsk, type RemoteAsk } from "../../src/remote/client.ts";
import { socketFetch } from "../../src/remote/http-client.ts";
import type { RunningServer } from "../../src/remote/serve.ts";
import { startTestServer, threeQuestions } from "./support.ts";

let server: RunningServer | undefined;
let remote: RemoteAsk | undefined;
afterEach(async () => {
  await remote?.withdraw("session_closed");
  await server?.stop();
  server = remote = undefined;
});

describe("fetch through the socket (for the user-API client programs share with the page)", () => {
  it("reads, posts and gets an empty 204, all through the socket, whatever host the URL names", async () => {
    const live = await startTestServer();
    server = live;
    remote = await publishAsk(
      threeQuestions(),
      { agent: "t", cwd: "/", pid: 1 },
      { env: live.env },
    );
    const viaSocket = socketFetch(live.info.socket);
    const auth = { Authorization: `Bearer ${live.info.token}` };
    const listed = await viaSocket("http://attacker.example:1/api/asks", { headers: auth });
    expect(listed.status).toBe(200);
    expect(await listed.json()).toMatchObject({ asks: [{ id: remote.id, state: "pending" }] });
    const draft = await viaSocket(`http://localhost/api/asks/${remote.id}/progress`, {
      method: "POST",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({ db: "SQLite" }),
    });
    expect(draft.status).toBe(204);
    expect(await draft.text()).toBe("");
    const refused = await viaSocket("http://localhost/api/asks", {
      headers: { Authorization: `Bearer ${"0".repeat(64)}` },
    });
    expect(refused.status).toBe(401);
  });
});
