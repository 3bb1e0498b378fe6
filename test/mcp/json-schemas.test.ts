import { describe, expect, it } from "vitest";
import { AskInputSchema } from "../../src/core/index.ts";
import { DetailsSchema } from "../../src/mcp/details-schema.ts";
import { ASK_INPUT_JSON_SCHEMA, DETAILS_JSON_SCHEMA } from "../../src/mcp/json-schemas.ts";

const plain = (schema: unknown) => JSON.parse(JSON.stringify(schema)) as unknown;
const HOW = "src/mcp/json-schemas.ts is out of date: run node scripts/mcp-json-schemas.ts";

describe("the JSON Schemas askuser mcp advertises", () => {
  it("are the TypeBox definitions, exactly", () => {
    expect(ASK_INPUT_JSON_SCHEMA, HOW).toEqual(plain(AskInputSchema));
    expect(DETAILS_JSON_SCHEMA, HOW).toEqual(plain(DetailsSchema));
  });
});
