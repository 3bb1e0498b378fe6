/** What the terminal sends back for a Device Attributes (DA1) query: `CSI ? … c`. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching the reply sequence is the point
const DEVICE_ATTRIBUTES_REPLY = /\x1b\[\?[\d;]*c/gu;
/** The query itself. */
const DEVICE_ATTRIBUTES_QUERY = "\x1b[c";
/** The longest a reply is waited for: a terminal that never answers must not hold the form. */
const REPLY_WAIT_LIMIT_MS = 1000;

/** The terminal's input as the replies are read from it. */
interface ReplyInput {
  on(event: "data", listener: (chunk: string | Buffer) => void): unknown;
  off(event: "data", listener: (chunk: string | Buffer) => void): unknown;
}

/**
 * The replies owed by the terminal to the queries pi-tui's terminal sends each time it starts
 * (keyboard protocol, program status, and DA1 last, which every terminal answers, in order).
 * A reply that arrives after the terminal went back to cooked mode is echoed onto the user's
 * screen and left in their shell's input line, so the form must not give the terminal back
 * while one is owed.
 */
export interface QueryReplies {
  /** pi-tui's terminal is about to start: one more DA1 reply is owed. */
  started(): void;
  /**
   * Resolves once no reply is owed, reading input meanwhile (the terminal still raw): when one
   * is, DA1 is asked once more and its reply, which comes after every earlier one, awaited. At
   * most `REPLY_WAIT_LIMIT_MS`.
   */
  settled(): Promise<void>;
  /** Stops reading for replies. */
  dispose(): void;
}

export function trackQueryReplies(
  input: ReplyInput,
  write: (data: string) => void,
  limitMs = REPLY_WAIT_LIMIT_MS,
): QueryReplies {
  let asked = 0;
  let answered = 0;
  // A reply may be split across reads: the unmatched end of the input is kept for the next one.
  let tail = "";
  let onAnswer: (() => void) | undefined;
  const listener = (chunk: string | Buffer) => {
    const text = tail + chunk.toString();
    let end = 0;
    for (const match of text.matchAll(DEVICE_ATTRIBUTES_REPLY)) {
      answered += 1;
      end = match.index + match[0].length;
    }
    const rest = text.slice(end);
    const lastEscape = rest.lastIndexOf("\x1b");
    tail = lastEscape >= 0 && rest.length - lastEscape < 64 ? rest.slice(lastEscape) : "";
    if (answered >= asked) onAnswer?.();
  };
  input.on("data", listener);
  return {
    started() {
      asked += 1;
    },
    settled() {
      if (answered >= asked) return Promise.resolve();
      asked += 1;
      write(DEVICE_ATTRIBUTES_QUERY);
      return new Promise<void>((resolve) => {
        const timer = setTimeout(done, limitMs);
        function done() {
          clearTimeout(timer);
          onAnswer = undefined;
          resolve();
        }
        onAnswer = done;
      });
    },
    dispose() {
      input.off("data", listener);
      onAnswer?.();
    },
  };
}
