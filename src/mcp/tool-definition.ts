import type { Tool } from "@modelcontextprotocol/server";
import { PROMPT_GUIDELINES, TOOL_DESCRIPTION, TOOL_LABEL, TOOL_NAME } from "../core/index.ts";
import { ASK_INPUT_JSON_SCHEMA, DETAILS_JSON_SCHEMA } from "./json-schemas.ts";

/**
 * MCP has no place for Pi's prompt guidelines, so they follow the description; and every call
 * waits here, which the description must not leave the model to guess.
 */
const MCP_TOOL_DESCRIPTION = [
  TOOL_DESCRIPTION,
  "",
  "Guidelines:",
  ...PROMPT_GUIDELINES.map((line) => `- ${line}`),
  "",
  "Through this MCP server every call waits for the answer: waitForAnswer is accepted and ignored.",
].join("\n");

/** The ask_user tool as `tools/list` advertises it. */
export const MCP_TOOL: Tool = {
  name: TOOL_NAME,
  title: TOOL_LABEL,
  description: MCP_TOOL_DESCRIPTION,
  inputSchema: ASK_INPUT_JSON_SCHEMA,
  outputSchema: DETAILS_JSON_SCHEMA,
  annotations: { title: TOOL_LABEL, readOnlyHint: true, openWorldHint: false },
};
