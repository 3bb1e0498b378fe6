import { modelText } from "./model-text.ts";
import type { AskDetails } from "./outcome-types.ts";

/**
 * The user message that carries answers to questions the agent wrote in prose (`/answer`): a
 * first line saying which questions they answer and how the form came about, then exactly the
 * text an ask_user result would have (the same answer lines). Only a submitted form sends one: a
 * cancel sends nothing, since the agent never asked through the tool and waits for nothing.
 */
export function proseAnswerText(details: AskDetails, again: boolean): string | undefined {
  if (details.status !== "answered") return undefined;
  return `${again ? AGAIN_LEAD : FIRST_LEAD}\n${modelText(details)}`;
}

const FIRST_LEAD =
  "[ask_user] These answer the questions in your previous message: the user answered them in a form built from that message.";
const AGAIN_LEAD =
  "[ask_user] The user reopened the form built from the questions in your earlier message and answered again. These answers replace the earlier ones:";
