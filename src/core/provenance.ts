import { showsPartialAnswers } from "./outcome.ts";
import type { AnswerPlace, AskDetails, EndReporter } from "./outcome-types.ts";

/**
 * Where an ask's end came from. A person's end (an answer, their cancel, a question back) records
 * the place they gave it; an end no person chose records who reported it, and the place where the
 * answers it reports were typed, if any. A place or reporter already recorded is kept: details
 * that crossed from another surface (the page through the answer server) already say where.
 */
export interface Provenance {
  readonly place: AnswerPlace;
  /** Who reports an end no person chose on this surface. */
  readonly reporter: EndReporter;
}

export function withProvenance(details: AskDetails, provenance: Provenance): AskDetails {
  if (!endsAnAsk(details)) return details;
  if (chosenByPerson(details)) {
    const { reportedBy: _none, ...chosen } = details;
    return { ...chosen, answeredIn: details.answeredIn ?? provenance.place };
  }
  const typed = Object.keys(details.answers).length > 0;
  return {
    ...details,
    ...(details.answeredIn === undefined && typed ? { answeredIn: provenance.place } : {}),
    reportedBy: details.reportedBy ?? provenance.reporter,
  };
}

/** The person's own ends: a submit, their cancel, their question back. */
function chosenByPerson(details: AskDetails): boolean {
  if (details.status === "answered" || details.status === "clarification_requested") return true;
  return details.status === "cancelled" && (details.origin ?? "user") === "user";
}

function endsAnAsk(details: AskDetails): boolean {
  return (
    details.status === "answered" ||
    details.status === "clarification_requested" ||
    details.status === "cancelled" ||
    details.status === "timed_out"
  );
}

/** Where, as the sentence "Answered …" ends; for the model, the transcript and the log. */
export const ANSWER_PLACE_WORDS: Readonly<Record<AnswerPlace, string>> = {
  terminal: "in the terminal form",
  page: "on the answer page",
  answer_command: "with askuser answer",
  extension: "through another Pi extension",
  answers_file: "from an answers file",
  mcp_form: "in the MCP client's own form",
};

/** Who reported an end no person chose, as the sentence "Reported by …" ends. */
export const END_REPORTER_WORDS: Readonly<Record<EndReporter, string>> = {
  client: "the client showing the question",
  lifecycle: "the agent's own lifecycle",
};

/** The sentence of an end a client reported, which `askuser log` reads back from a bare text. */
export const CLIENT_REPORTED_SENTENCE = `This end was reported by ${END_REPORTER_WORDS.client}; the user did not choose it.`;

const PERSON_VERBS = ["Answered", "Asked", "Cancelled"] as const;

/**
 * The place a person's end names in its provenance sentence ("Answered on the answer page."),
 * read back from the text's last line; undefined when that line is no such sentence.
 */
export function placeOfSentence(line: string): AnswerPlace | undefined {
  for (const verb of PERSON_VERBS) {
    for (const [place, words] of Object.entries(ANSWER_PLACE_WORDS)) {
      if (line === `${verb} ${words}.`) return place as AnswerPlace;
    }
  }
  return undefined;
}

/**
 * The one sentence that says where the user gave what an outcome reports, when it was not the
 * asking agent's own form (the terminal form, or an MCP client's form, which every text already
 * implies), or who reported an end when a client did rather than the user or the agent's
 * lifecycle. The model text, Pi's transcript row and `askuser log` all show this sentence.
 */
export function provenanceSentence(details: AskDetails): string | undefined {
  const person = chosenByPerson(details);
  if (!person && details.reportedBy === "client") {
    return CLIENT_REPORTED_SENTENCE;
  }
  const place = details.answeredIn;
  if (place === undefined || place === "terminal" || place === "mcp_form") return undefined;
  const words = ANSWER_PLACE_WORDS[place];
  if (details.status === "answered") return `Answered ${words}.`;
  if (details.status === "clarification_requested") return `Asked ${words}.`;
  if (person) return `Cancelled ${words}.`;
  const shown = showsPartialAnswers(details) && Object.keys(details.answers).length > 0;
  return shown ? `The answers so far were given ${words}.` : undefined;
}
