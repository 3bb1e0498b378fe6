import { describe, expect, it } from "vitest";
import { parseLogArgs, parseTime } from "../../src/cli/log-args.ts";
import { jsonLine } from "../../src/cli/log-json.ts";
import { formatTime, shortPath, timeZoneOf } from "../../src/cli/log-style.ts";

const NOW = Date.parse("2026-01-21T12:00:00.000Z");

describe("times on the command line", () => {
  it.each([
    ["30m", "2026-01-21T11:30:00.000Z"],
    ["12h", "2026-01-21T00:00:00.000Z"],
    ["7d", "2026-01-14T12:00:00.000Z"],
    ["2w", "2026-01-07T12:00:00.000Z"],
    ["2026-01-31T14:00:00Z", "2026-01-31T14:00:00.000Z"],
    ["2026-01-31T14:00:00+02:00", "2026-01-31T12:00:00.000Z"],
  ])("%s", (value, expected) => {
    expect(new Date(parseTime("--since", value, NOW, false)).toISOString()).toBe(expected);
  });

  it("a bare date is local midnight, and for --until the end of that day", () => {
    const since = new Date(parseTime("--since", "2026-01-31", NOW, false));
    const until = new Date(parseTime("--until", "2026-01-31", NOW, true));
    expect([since.getDate(), since.getHours(), since.getMinutes()]).toEqual([31, 0, 0]);
    expect([until.getMonth(), until.getDate(), until.getHours()]).toEqual([1, 1, 0]);
  });

  it("resolves paths and folders against the working folder", () => {
    const options = parseLogArgs(["a.jsonl", "--cwd", "src", "--limit", "5"], NOW, "/home/ana");
    expect([options.paths, options.cwd, options.limit]).toEqual([
      ["/home/ana/a.jsonl"],
      "/home/ana/src",
      5,
    ]);
    expect(parseLogArgs(["--turns", "t.jsonl"], NOW, "/home/ana").turns).toBe("/home/ana/t.jsonl");
  });
});

describe("output helpers", () => {
  it("JSON lines escape what a terminal could act on, and stay JSON", () => {
    const value = { text: "a\u009b31mb\u2028c\u202ed\u001b" };
    const line = jsonLine(value);
    expect(line).toBe('{"text":"a\\u009b31mb\\u2028c\\u202ed\\u001b"}\n');
    expect(JSON.parse(line)).toEqual(value);
  });

  it("formats times in a zone, and ignores zones Intl does not know", () => {
    expect(formatTime("2026-01-31T23:30:00.000Z", "Asia/Tokyo")).toBe("2026-02-01 08:30");
    expect(formatTime(null, "UTC")).toBe("unknown time");
    expect(timeZoneOf({ TZ: ":/etc/localtime" })).toBeUndefined();
    expect(timeZoneOf({ TZ: "Europe/Paris" })).toBe("Europe/Paris");
  });

  it("writes the home folder as ~ only at a path boundary", () => {
    expect(shortPath("/home/ana/x", "/home/ana")).toBe("~/x");
    expect(shortPath("/home/anabel/x", "/home/ana")).toBe("/home/anabel/x");
  });
});
