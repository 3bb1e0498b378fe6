import { modelText } from "./model-text.ts";
import type { AskDetails } from "./outcome-types.ts";
import type { LeftOut } from "./prose-parse.ts";
import { jsonForDisplay } from "./text-safety.ts";

/** Questions left out named one by one in the message; the rest are counted. */
const NAMED = 10;

/**
 * The user message that carries answers to questions the agent wrote in prose (`/answer`): a
 * first line saying which questions they answer and how the form came about, then exactly the
 * text an ask_user result would have (the same answer lines), then the questions of the message
 * the form did not hold, so the agent never takes the answers for answers to all it asked. Only a
 * submitted form sends one: a cancel sends nothing, since the agent asked no tool and waits for
 * nothing.
 */
export function proseAnswerText(
  details: AskDetails,
  again: boolean,
  leftOut: readonly LeftOut[] = [],
): string | undefined {
  if (details.status !== "answered") return undefined;
  const lines = [again ? AGAIN_LEAD : FIRST_LEAD, modelText(details)];
  const notAsked = notAskedLine(leftOut);
  if (notAsked) lines.push(notAsked);
  return lines.join("\n");
}

function notAskedLine(leftOut: readonly LeftOut[]): string | undefined {
  const questions = leftOut.filter((item) => item.scope === "question");
  const quoted = questions.filter((item) => item.count === undefined).map((item) => item.text);
  const counted = questions.reduce((sum, item) => sum + (item.count ?? 0), 0);
  const named = quoted.slice(0, NAMED).map((text) => jsonForDisplay(text));
  const more = quoted.length - named.length + counted;
  if (named.length === 0 && more === 0) return undefined;
  const list =
    named.length === 0
      ? `${more} question${more === 1 ? "" : "s"}`
      : more > 0
        ? `${named.join(", ")} and ${more} more`
        : named.join(", ");
  return `Not in the form, so not answered: ${list}. Do not assume answers to these; ask again if they matter.`;
}

const FIRST_LEAD =
  "[ask_user] These answer the questions in your previous message: the user answered them in a form built from that message.";
const AGAIN_LEAD =
  "[ask_user] The user reopened the form built from the questions in your earlier message and answered again. These answers replace the earlier ones:";
