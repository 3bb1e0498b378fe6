import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import {
  INPUT_FILE_LIMIT,
  readFileBounded,
  readStreamBounded,
} from "../../src/cli/bounded-read.ts";
import { decodeUtf8, NotUtf8Error } from "../../src/cli/decode-utf8.ts";
import { LIMITS, validateAskInput } from "../../src/core/index.ts";

const dir = mkdtempSync(join(tmpdir(), "askuser-bounded-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SMALL = { maxBytes: 10, what: "a test input" };

/** The largest ask the validator accepts, every text field full. */
function maximalAsk(char: string) {
  const text = (length: number) => char.repeat(length);
  return {
    questions: Array.from({ length: LIMITS.maxQuestions }, (_, q) => ({
      id: `q${q}${"_".repeat(29)}`,
      header: `${q}${text(LIMITS.headerMax - 1)}`,
      question: `${q}${text(LIMITS.questionMax - 1)}`,
      context: text(LIMITS.contextMax),
      options: Array.from({ length: LIMITS.maxOptions }, (_, o) => ({
        label: `${o}${text(LIMITS.labelMax - 1)}`,
        description: text(LIMITS.descriptionMax),
        preview: text(LIMITS.previewMax),
      })),
      multiSelect: false,
      allowComment: false,
    })),
    waitForAnswer: true,
  };
}

describe("the input size limit", () => {
  it("is far above the largest valid payload, even with every character escaped", () => {
    const ask = maximalAsk("😀");
    expect(validateAskInput(ask).ok).toBe(true);
    const plain = Buffer.byteLength(JSON.stringify(ask, null, 2));
    // JSON.stringify leaves 😀 as 4 UTF-8 bytes; "\ud83d\ude00" is the longest spelling of one.
    const escaped = Buffer.byteLength(
      JSON.stringify(ask, null, 2).replace(/😀/gu, String.raw`\ud83d\ude00`),
    );
    expect(plain).toBeLessThan(INPUT_FILE_LIMIT.maxBytes / 6);
    expect(escaped).toBeLessThan(INPUT_FILE_LIMIT.maxBytes / 2);
    expect(INPUT_FILE_LIMIT.maxBytes).toBe(4 * 1024 * 1024);
  });
});

describe("readFileBounded", () => {
  it("reads a file of exactly the limit and refuses one byte more", async () => {
    const exact = join(dir, "exact");
    writeFileSync(exact, "0123456789");
    expect((await readFileBounded(exact, SMALL)).toString()).toBe("0123456789");
    const over = join(dir, "over");
    writeFileSync(over, "0123456789!");
    await expect(readFileBounded(over, SMALL)).rejects.toThrow(
      `${over} is 11 bytes, more than the 10 bytes a test input may have`,
    );
  });
});

describe("readStreamBounded", () => {
  it("stops an endless stream as soon as it passes the limit", async () => {
    let produced = 0;
    const endless = new Readable({
      read() {
        produced += 4;
        this.push(Buffer.from("abcd"));
      },
    });
    await expect(readStreamBounded(endless, SMALL)).rejects.toThrow(
      "it passed 10 bytes, the most a test input may have; reading stopped",
    );
    expect(produced).toBeLessThan(100);
    expect(endless.destroyed).toBe(true);
  });

  it("returns everything within the limit", async () => {
    const stream = Readable.from([Buffer.from("01234"), Buffer.from("56789")]);
    expect((await readStreamBounded(stream, SMALL)).toString()).toBe("0123456789");
  });
});

describe("decodeUtf8", () => {
  it("drops a leading byte order mark and keeps every other character", () => {
    expect(decodeUtf8(Buffer.from('\ufeff{"é": "😀\ufeff"}'))).toBe('{"é": "😀\ufeff"}');
  });

  it.each([[[0xff, 0xfe, 0x7b, 0x00]], [[0xfe, 0xff, 0x00, 0x7b]]])(
    "says when the text looks like UTF-16 (%j)",
    (bytes) => {
      expect(() => decodeUtf8(Uint8Array.from(bytes))).toThrow(
        /is not part of a valid character \(the text starts with a UTF-16 byte order mark\)$/u,
      );
    },
  );

  it.each([
    ["a byte that never occurs in UTF-8", [0x41, 0xff], 1],
    ["a stray continuation byte", [0x41, 0x42, 0x80], 2],
    ["a sequence cut short", [0x63, 0x61, 0x66, 0xe9, 0x22], 3],
    ["a sequence cut short by the end", [0x41, 0xe2, 0x82], 1],
    ["an overlong encoding", [0xc0, 0xaf], 0],
    ["an encoded surrogate", [0x20, 0xed, 0xa0, 0x80], 1],
    ["a code point above U+10FFFF", [0xf4, 0x90, 0x80, 0x80], 0],
  ])("names the offset of %s", (_name, bytes, offset) => {
    const error = (() => {
      try {
        decodeUtf8(Uint8Array.from(bytes));
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(NotUtf8Error);
    expect((error as NotUtf8Error).offset).toBe(offset);
    expect((error as Error).message).toBe(
      `the byte at offset ${offset} (0x${bytes[offset]?.toString(16).toUpperCase()}) is not part of a valid character`,
    );
  });
});
