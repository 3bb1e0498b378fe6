import type { AnswerPlace } from "../../core/index.ts";
// biome-ignore lint/style/noRestrictedImports: askuser/transcripts ships unbundled; the core index loads TypeBox (~70 ms)
import { ANSWER_PLACE_WORDS } from "../../core/provenance.ts";

/**
 * Where askuser's Claude Code hook says a full answer was given: the end of each question's
 * `notes` (Claude Code's `annotations`), e.g. "keep it small (answered on the answer page)".
 * The hook writes it and `askuser log` reads it back; a round-trip test keeps the two in step.
 */
export function hookPlaceNote(place: AnswerPlace): string {
  return `(answered ${ANSWER_PLACE_WORDS[place]})`;
}

/** The place a note ends with, and the user's own note before it (null when there is none). */
export function splitHookPlaceNote(
  notes: string,
): { readonly place: AnswerPlace; readonly notes: string | null } | undefined {
  for (const [place, words] of Object.entries(ANSWER_PLACE_WORDS)) {
    const note = `(answered ${words})`;
    if (notes !== note && !notes.endsWith(` ${note}`)) continue;
    const own = notes.slice(0, notes.length - note.length).trimEnd();
    return { place: place as AnswerPlace, notes: own === "" ? null : own };
  }
  return undefined;
}
