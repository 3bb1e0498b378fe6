import type {
  JsonSchemaType,
  JsonSchemaValidator,
  jsonSchemaValidator,
} from "@modelcontextprotocol/server";

/**
 * The SDK's own JSON Schema validator (ajv; it checks a form's accepted reply against the form's
 * schema in the 2025 revisions), loaded after the handshake instead of before it: ajv is a third
 * of the SDK's code, and answering `initialize` never uses it. The CLI bundle leaves the SDK's
 * default validator out (scripts/build.ts), so every `Server` there must be given this one.
 *
 * Invariant: `load()` has resolved before any form reply can arrive, because a tool call (the
 * only sender of forms) waits for it before it starts.
 */
export class DeferredJsonSchemaValidator implements jsonSchemaValidator {
  #validator: jsonSchemaValidator | undefined;
  #loading: Promise<void> | undefined;

  load(): Promise<void> {
    this.#loading ??= import("@modelcontextprotocol/server/validators/ajv").then((module) => {
      this.#validator = new module.AjvJsonSchemaValidator();
    });
    return this.#loading;
  }

  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    if (this.#validator === undefined) {
      throw new Error(
        "askuser mcp: a form reply was checked before the JSON Schema validator was loaded; the tool must await load() first",
      );
    }
    return this.#validator.getValidator<T>(schema);
  }
}
