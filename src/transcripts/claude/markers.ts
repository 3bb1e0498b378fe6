/** Fixed texts Claude Code writes, from 2.0.x to 2.1.332. Every one is tested at the start only. */

export const ASK_TOOL = "AskUserQuestion";
export const PLAN_TOOL = "ExitPlanMode";

/**
 * askuser's own ask_user, called through its MCP server: `mcp__askuser__ask_user`, or
 * `mcp__plugin_askuser_askuser__ask_user` when the server comes from the askuser plugin. An
 * ask_user of any other server is someone else's tool, with results we cannot vouch for.
 */
const OWN_MCP_TOOL = /^mcp__(?:plugin_askuser_)?askuser__ask_user$/u;

/** The tools whose calls `askuser log` lists. */
export function isClaudeAskTool(name: string): boolean {
  return name === ASK_TOOL || name === PLAN_TOOL || OWN_MCP_TOOL.test(name);
}

/** Answer phrasings, oldest first. */
const ANSWERED_BEFORE_2_1_150 = "User has answered your questions:";
const ANSWERED_FROM_2_1_150 = "Your questions have been answered:";
const ANSWERED_FROM_2_1_258 = "The user answered:";
export const RESPONDED = "The user responded:";
export const ANSWER_MARKERS = [
  ANSWERED_BEFORE_2_1_150,
  ANSWERED_FROM_2_1_150,
  ANSWERED_FROM_2_1_258,
] as const;

/** Endings of the answer texts: what follows the list of answers. */
export const ANSWER_TAILS = [
  ". You can now continue with the user's answers in mind.",
  ". You can now continue with these answers in mind.",
  ". Read the answers carefully",
] as const;

export const NOT_ANSWERED = "The user did not answer the questions.";
export const AWAY_FROM_KEYBOARD = "No response after";
export const FOLLOW_UP = "The user asked for more questions before you proceed.";
export const NOTES_ONLY_PLACEHOLDER = "(notes only)";
export const NO_OPTION_SELECTED = "(no option selected)";

export const REJECTION_HEAD = "The user doesn't want to proceed with this tool use.";
export const REJECTION_SEPARATOR = "To tell you how to proceed, the user said:\n";
export const SUBAGENT_REJECTION_HEAD = "Permission for this tool use was denied.";
export const SUBAGENT_REJECTION_SEPARATOR = "The user said:\n";
export const MEMORY_NOTE =
  "\n\nNote: The user's next message may contain a correction or preference.";
export const NOT_NOW = "The user doesn't want to take this action right now.";
export const CLARIFY = "The user wants to clarify these questions.";
export const PLAN_INTERVIEW_DONE =
  "The user has indicated they have provided enough answers for the plan interview.";
export const VALIDATION_ERROR = "InputValidationError";

export const INTERRUPT_MARKERS = [
  "[Request interrupted by user]",
  "[Request interrupted by user for tool use]",
] as const;

/** Leading tags of user records the harness writes (slash commands, shell escapes, notifications). */
export const WRAPPER_TAGS = [
  "<command-name>",
  "<command-message>",
  "<local-command-stdout>",
  "<local-command-caveat>",
  "<bash-input>",
  "<bash-stdout>",
  "<bash-stderr>",
  "<task-notification>",
  "<teammate-message",
  "<agent-message",
] as const;

/** `origin.kind` values of messages that did not come from the human. */
export const NON_HUMAN_ORIGINS = ["channel", "peer", "coordinator"] as const;
