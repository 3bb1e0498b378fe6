import type { Tool } from "@modelcontextprotocol/server";
import {
  PROMPT_GUIDELINES,
  TOOL_LABEL,
  TOOL_NAME,
  WAITING_TOOL_DESCRIPTION,
} from "../core/index.ts";
import { ASK_INPUT_JSON_SCHEMA, DETAILS_JSON_SCHEMA } from "./json-schemas.ts";

/**
 * MCP has no place for Pi's prompt guidelines, so they follow the description; and every call
 * waits here, which the description must not leave the model to guess.
 */
const MCP_TOOL_DESCRIPTION = [
  WAITING_TOOL_DESCRIPTION,
  "",
  "Guidelines:",
  ...PROMPT_GUIDELINES.map((line) => `- ${line}`),
  "",
  "Through this MCP server every call waits for the answer: waitForAnswer is accepted and has no effect.",
].join("\n");

/**
 * The core's parameters, but `waitForAnswer` described as it behaves here: the core's text says
 * `false` returns at once, which would contradict the description above.
 */
const MCP_INPUT_SCHEMA = {
  ...ASK_INPUT_JSON_SCHEMA,
  properties: {
    ...(ASK_INPUT_JSON_SCHEMA.properties as Record<string, unknown>),
    waitForAnswer: {
      type: "boolean",
      default: true,
      description:
        "Accepted and has no effect: through this MCP server every call waits until the user answers.",
    },
  },
};

/** The ask_user tool as `tools/list` advertises it. */
export const MCP_TOOL: Tool = {
  name: TOOL_NAME,
  title: TOOL_LABEL,
  description: MCP_TOOL_DESCRIPTION,
  inputSchema: MCP_INPUT_SCHEMA,
  outputSchema: DETAILS_JSON_SCHEMA,
  annotations: { title: TOOL_LABEL, readOnlyHint: true, openWorldHint: false },
};
