/** Text that is not valid UTF-8; `offset` is the first byte of the first ill-formed sequence. */
export class NotUtf8Error extends Error {
  override readonly name = "NotUtf8Error";
  readonly offset: number;
  constructor(offset: number, byte: number, utf16: boolean) {
    const hint = utf16 ? " (the text starts with a UTF-16 byte order mark)" : "";
    super(
      `the byte at offset ${offset} (0x${byte.toString(16).toUpperCase().padStart(2, "0")}) is not part of a valid character${hint}`,
    );
    this.offset = offset;
  }
}

const STRICT = new TextDecoder("utf-8", { fatal: true });

/**
 * Decodes UTF-8 strictly: a leading byte order mark is dropped, and any ill-formed byte is an
 * error naming where it is, instead of silently becoming U+FFFD.
 */
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return STRICT.decode(bytes);
  } catch {
    const offset = firstIllFormedOffset(bytes) ?? 0;
    const utf16 =
      (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
    throw new NotUtf8Error(offset, bytes[offset] ?? 0, utf16);
  }
}

/** Well-formed sequences per the Unicode Standard, table 3-7: the second byte's range depends on the first. */
function firstIllFormedOffset(bytes: Uint8Array): number | undefined {
  let at = 0;
  while (at < bytes.length) {
    const lead = bytes[at] ?? 0;
    if (lead < 0x80) {
      at += 1;
      continue;
    }
    const sequence = sequenceRule(lead);
    if (!sequence) return at;
    for (let k = 1; k <= sequence.continuation; k += 1) {
      const byte = bytes[at + k];
      const [low, high] = k === 1 ? [sequence.secondLow, sequence.secondHigh] : [0x80, 0xbf];
      if (byte === undefined || byte < low || byte > high) return at;
    }
    at += sequence.continuation + 1;
  }
  return undefined;
}

function sequenceRule(
  lead: number,
): { continuation: number; secondLow: number; secondHigh: number } | undefined {
  if (lead >= 0xc2 && lead <= 0xdf) return { continuation: 1, secondLow: 0x80, secondHigh: 0xbf };
  if (lead === 0xe0) return { continuation: 2, secondLow: 0xa0, secondHigh: 0xbf };
  if (lead === 0xed) return { continuation: 2, secondLow: 0x80, secondHigh: 0x9f };
  if (lead >= 0xe1 && lead <= 0xef) return { continuation: 2, secondLow: 0x80, secondHigh: 0xbf };
  if (lead === 0xf0) return { continuation: 3, secondLow: 0x90, secondHigh: 0xbf };
  if (lead >= 0xf1 && lead <= 0xf3) return { continuation: 3, secondLow: 0x80, secondHigh: 0xbf };
  if (lead === 0xf4) return { continuation: 3, secondLow: 0x80, secondHigh: 0x8f };
  return undefined;
}
