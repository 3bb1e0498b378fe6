import { randomBytes } from "node:crypto";

/**
 * What the server takes as an ask id in a path or link. Wider than what `newAskId` mints: ids an
 * older server minted may begin with '-'.
 */
export const ASK_ID = /^[A-Za-z0-9_-]{1,64}$/u;

/**
 * The shape of an id a server minted, this one or an older one (whose ids could begin with '-'):
 * a command line takes an argument of this shape as an id, not as a mistyped option.
 */
export const MINTED_ASK_ID = /^[A-Za-z0-9_-]{16}$/u;

/** Random bytes per id: 96 bits, written as 16 base64url characters. */
const ID_BYTES = 12;

/**
 * A new ask id: 16 base64url characters that begin with a letter or digit. An id beginning with
 * '-' (one in 64 of plain base64url) is read as an option by `askuser answer <id>` and by most
 * command lines; such draws are dropped, which keeps the rest uniform.
 */
export function newAskId(random: (size: number) => Buffer = randomBytes): string {
  for (;;) {
    const id = random(ID_BYTES).toString("base64url");
    if (/^[A-Za-z0-9]/u.test(id)) return id;
  }
}
