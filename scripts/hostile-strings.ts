/**
 * Strings that try to drive, confuse or misalign a terminal, each with the facts a test needs to
 * know its expected outcome without asking the code under test.
 */
export interface HostileString {
  readonly name: string;
  readonly text: string;
  /** Holds a control, separator or bidi character: a single-line field with it is rejected. */
  readonly breaksOneLine: boolean;
  /** Can be part of a file name (no NUL, no slash, short enough). */
  readonly nameable: boolean;
  /** Not text at all (a lone surrogate): refused in every payload and answers field. */
  readonly notText?: boolean;
  /** Hidden text a model reads (tag characters): refused in every payload field. */
  readonly hidesText?: boolean;
}

const ESC = "\x1b";
const BEL = "\x07";
const ST = `${ESC}\\`;
const c0 = Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)).join("");
const c1 = Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(0x80 + code)).join("");

const unsafe = (name: string, text: string, nameable = true): HostileString => ({
  name,
  text,
  breaksOneLine: true,
  nameable,
});
const invisible = (name: string, text: string, nameable = true): HostileString => ({
  name,
  text,
  breaksOneLine: false,
  nameable,
});

export const HOSTILE_STRINGS: readonly HostileString[] = [
  unsafe("osc-title", `${ESC}]0;TITLE${BEL}`),
  unsafe("osc-clipboard", `${ESC}]52;c;${btoa("rm -rf ~")}${BEL}`),
  unsafe("osc-hyperlink", `${ESC}]8;;https://evil.example${ST}click${ESC}]8;;${ST}`, false),
  unsafe("osc-notify", `${ESC}]9;pwned${BEL}${ESC}]777;notify;a;b${BEL}`),
  unsafe("csi-clear", `${ESC}[2J${ESC}[H${ESC}[3J`),
  unsafe("csi-sgr", `${ESC}[31;1mred${ESC}[0m${ESC}[8mhidden`),
  unsafe("csi-report", `${ESC}[6n${ESC}[c${ESC}[21t`),
  unsafe("csi-cursor", `${ESC}[1A${ESC}[2K${ESC}[999C${ESC}7${ESC}8`),
  unsafe("dcs-sixel", `${ESC}Pq#0;2;0;0;0#0~~${ST}`),
  unsafe("dcs-tmux", `${ESC}Ptmux;${ESC}${ESC}]0;x${BEL}${ST}`),
  unsafe("apc-pm-sos", `${ESC}_pi:c${BEL}${ESC}^pm${ST}${ESC}Xsos${ST}`),
  unsafe("c1-csi", "\u009b2J\u009b31m"),
  unsafe("c1-osc", "\u009d0;title\u009c\u009d52;c;eA==\u0007"),
  unsafe("c1-dcs", "\u0090q#0\u009c\u0098sos\u009c\u009e\u009f"),
  unsafe("c1-all", c1),
  unsafe("c0-all", c0, false),
  unsafe("bel-bs-cr", `a${BEL}b\bc\rd\x0b\x0ce`),
  unsafe("del", "x\x7fy\x7f"),
  unsafe(
    "bidi",
    "\u202eevil\u202c \u2066iso\u2069 \u2067\u2068\u200e\u200f\u061c\u202a\u202b\u202d",
  ),
  unsafe("separators", "a\u2028b\u2029c"),
  unsafe("newline-tab", "one\ntwo\tthree"),
  unsafe("esc-alone", `${ESC}${ESC}[${ESC}]`),
  unsafe("huge-escapes", `${ESC}[2J`.repeat(20_000), false),
  invisible("hangul-fillers", "\u3164\u115f\u1160\uffa0"),
  invisible("vs16-emoji", "\u2764\ufe0f 1\ufe0f\u20e3 \u263a\ufe0f"),
  invisible("zero-width", "a\u200bb\u2060c\ufeffd\u200c\u200d"),
  invisible("soft-hyphen", "soft\u00adhy\u00adphen"),
  invisible("wide", "数据库🚀👩‍💻👍🏽ｗｉｄｅ"),
  invisible("combining", "e\u0301\u0301\u0301\u20dd"),
  { ...invisible("tags", "\u{e0041}\u{e0042}\u{e007f}"), hidesText: true },
  { ...invisible("lone-surrogate", "\ud800x\udfff", false), notText: true },
  invisible("huge-plain", "x".repeat(100_000), false),
];
