import {
  type AskDetails,
  clipCodePoints,
  isToolFailure,
  modelText,
  neutraliseInline,
  noFormsText,
  withProvenance,
} from "../core/index.ts";

/** A `tools/call` result as the SDK sends it. */
export interface AskCallResult {
  readonly [key: string]: unknown;
  readonly content: readonly { readonly type: "text"; readonly text: string }[];
  /** The details, and the model text as `text`. */
  readonly structuredContent: AskDetails & { readonly text: string };
  readonly isError?: boolean;
}

/** What a client's form sent back after the ask had already ended elsewhere. */
export type LateFormReply = "accept" | "decline" | "cancel" | "unusable";

const LATE_REPLY_WORDS: Readonly<Record<LateFormReply, string>> = {
  accept: "an answer",
  decline: "a decline",
  cancel: "a dismissal",
  unusable: "a reply askuser could not read",
};

/** What is known about where an answer came from, when the outcome text alone would claim more. */
export interface Provenance {
  /** The client's own report of a form it was sent: it may have answered without showing it. */
  readonly formAction?: "decline" | "cancel";
  /** The decline or dismissal came this soon after the form was sent: no person made it. */
  readonly unreadAfterMs?: number;
  /** Nothing was asked because the client shows no forms and the answer page is off. */
  readonly noForms?: boolean;
  /**
   * The ask ended on the answer page while the client still showed its form; this is what the
   * form sent afterwards, which was not used.
   */
  readonly lateFormReply?: LateFormReply;
  readonly clientName?: string | undefined;
}

/**
 * The one place an outcome becomes the MCP result: the model text every surface gives, the
 * details object as `structuredContent` (the tool's `outputSchema`), and `isError` on the same
 * ends as in Pi. The text is in `structuredContent` as well: Claude Code gives the model a
 * result's structured content in place of its text, and the model must still read what it
 * may and may not assume.
 */
export function callResult(answer: AskDetails, provenance: Provenance = {}): AskCallResult {
  // The client's form is where a person answered; an idle timeout is askuser's own, and every
  // other end no person chose was the client's report (a withdrawn request, a broken form).
  const details = withProvenance(answer, {
    place: "mcp_form",
    reporter: answer.status === "timed_out" ? "lifecycle" : "client",
  });
  const text = resultText(details, provenance);
  // The answers are whole in `answers`: the text beside them quotes a long one only in part, so
  // that the model is not given it twice (Claude Code caps what a tool may return).
  const shortened = withLongTextsShortened(details);
  const structuredText = shortened ? resultText(shortened, provenance) : text;
  return {
    content: [{ type: "text", text }],
    structuredContent: { ...details, text: structuredText },
    ...(isToolFailure(details) ? { isError: true } : {}),
  };
}

/** A free-text answer longer than this is quoted in part in `structuredContent.text`. */
const QUOTED_WHOLE_MAX = 2_000;

/** The details with every free text over the limit cut, saying where the whole text is. */
function withLongTextsShortened(details: AskDetails): AskDetails | undefined {
  let long = false;
  const shorten = (value: string, path: string): string => {
    const length = [...value].length;
    if (length <= QUOTED_WHOLE_MAX) return value;
    long = true;
    const more = length - (QUOTED_WHOLE_MAX - 1);
    return `${clipCodePoints(value, QUOTED_WHOLE_MAX)} (${more} more characters: the whole text is in answers.${path})`;
  };
  const answers: Record<string, AskDetails["answers"][string]> = {};
  for (const [id, given] of Object.entries(details.answers)) {
    answers[id] = {
      ...given,
      selected: given.selected.map((label) => shorten(label, `${id}.selected`)),
      ...(given.other === undefined ? {} : { other: shorten(given.other, `${id}.other`) }),
      ...(given.comment === undefined ? {} : { comment: shorten(given.comment, `${id}.comment`) }),
    };
  }
  return long ? { ...details, answers } : undefined;
}

function resultText(details: AskDetails, provenance: Provenance): string {
  const client = neutraliseInline(provenance.clientName?.slice(0, 60) || "");
  // The core's unavailable text speaks of a run without a user; here the user may well be present.
  if (provenance.noForms)
    return noFormsText(client ? `the MCP client (${client})` : "the MCP client");
  if (provenance.lateFormReply) {
    return `${modelText(details)}\n(${client || "The MCP client"}'s form was still open when the question was settled outside it; what the form sent afterwards (${LATE_REPLY_WORDS[provenance.lateFormReply]}) came too late and was not used.)`;
  }
  if (!provenance.formAction) return modelText(details);
  // Several clients decline or dismiss a form by themselves (a print mode, an auto-approval
  // policy), and a server cannot tell that from the user: say who reported it.
  const what = provenance.formAction === "decline" ? "declined" : "dismissed";
  const who = client || "the MCP client";
  if (provenance.unreadAfterMs !== undefined) {
    return `${modelText(details)}\n(${who} reported that the form was ${what} ${provenance.unreadAfterMs} ms after it was sent, before anyone could have read it: no person chose this, and askuser cannot tell whether anyone saw the question. A client that dismisses forms by itself (as claude -p does) will dismiss the next one too: continue on your best judgement rather than asking again.)`;
  }
  return `${modelText(details)}\n(${who} reported that the form was ${what}; askuser cannot see whether it was shown to the user.)`;
}
