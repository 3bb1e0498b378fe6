import { describe, expect, it } from "vitest";
import { modelText } from "../../src/core/index.ts";
import { call, serverPerTest } from "./support.ts";

const { published } = serverPerTest();

describe("presentedType and clarification through the answer API", () => {
  it("a switched question's answer reaches the agent with its presentedType", async () => {
    const { server, remote } = await published();
    const reply = await call(server, `/api/asks/${remote.id}/answer`, {
      body: { db: ["Postgres", "SQLite"], presentedType: { db: "multi" } },
    });
    expect(reply.status).toBe(200);
    const end = await remote.ended;
    expect(end.details?.presentedType).toEqual({
      db: { requested: "single", presented: "multi", changedBy: "user" },
    });
    expect((reply.json as { text: string }).text).toBe(modelText(end.details as never));
  });

  it("an ask-back ends the ask as clarification_requested; a later answer gets 409", async () => {
    const { server, remote } = await published();
    const clarification = { about: "api", question: "Is GraphQL allowed here?" };
    const reply = await call(server, `/api/asks/${remote.id}/answer`, {
      body: { db: "SQLite", clarification },
    });
    expect(reply.status).toBe(200);
    const end = await remote.ended;
    expect(end.details?.status).toBe("clarification_requested");
    expect(end.details?.clarification).toEqual(clarification);
    const late = await call(server, `/api/asks/${remote.id}/answer`, { body: { db: "Postgres" } });
    expect(late.status).toBe(409);
  });

  it.each([
    [{ presentedType: { db: "preview" } }, "presentedType.db"],
    [{ presentedType: { features: "multi" } }, "presentedType.features"],
    [{ presentedType: { ghost: "multi" } }, 'presentedType[\\"ghost\\"]'],
    [{ clarification: { about: "ghost", question: "Why?" } }, "clarification.about"],
    [{ clarification: { about: "db", question: " \u200b\u2060 " } }, "clarification.question"],
    [{ clarification: { about: "db", question: "\ud800" } }, "clarification.question"],
  ])(
    "refuses %j with an issue naming the field, and the ask stays pending",
    async (body, field) => {
      const { server, remote } = await published();
      const reply = await call(server, `/api/asks/${remote.id}/answer`, { body });
      expect(reply.status).toBe(400);
      expect(JSON.stringify(reply.json)).toContain(field);
      expect((await call(server, `/api/asks/${remote.id}`)).json).toMatchObject({
        state: "pending",
      });
    },
  );

  it("a draft keeps a switch, and refuses an ask-back", async () => {
    const { server, remote } = await published();
    const saved = await call(server, `/api/asks/${remote.id}/progress`, {
      body: { db: ["Postgres", "SQLite"], presentedType: { db: "multi" } },
    });
    expect(saved.status).toBe(204);
    const refused = await call(server, `/api/asks/${remote.id}/progress`, {
      body: { clarification: { about: "db", question: "Why?" } },
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.json)).toContain("clarification");
  });
});
