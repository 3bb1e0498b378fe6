import { describe, expect, it } from "vitest";
import { DeferredJsonSchemaValidator } from "../../src/mcp/deferred-validator.ts";

const SCHEMA = {
  type: "object",
  properties: { q1: { type: "string", enum: ["SQLite", "Postgres"] } },
  required: ["q1"],
} as const;

describe("DeferredJsonSchemaValidator: the SDK's validator, loaded after the handshake", () => {
  it("refuses to check anything before it is loaded, saying what must come first", () => {
    expect(() => new DeferredJsonSchemaValidator().getValidator(SCHEMA)).toThrow(
      /before the JSON Schema validator was loaded; the tool must await load\(\) first/u,
    );
  });

  it("once loaded, checks a form reply against the form's schema", async () => {
    const validator = new DeferredJsonSchemaValidator();
    await validator.load();
    const check = validator.getValidator(SCHEMA);
    expect(check({ q1: "SQLite" })).toMatchObject({ valid: true, data: { q1: "SQLite" } });
    expect(check({ q1: "Oracle" })).toMatchObject({ valid: false });
    expect(check({})).toMatchObject({ valid: false });
  });
});
