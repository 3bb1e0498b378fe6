import { describe, expect, it } from "vitest";
import {
  answeredElsewhere,
  pageLinkLines,
  pageUnavailable,
} from "../../../src/pi/remote/page-link.ts";

const URL = "http://127.0.0.1:4711/?code=3f9a";

describe("the line that links to the answer page", () => {
  it("is an OSC 8 link in the terminal and the plain URL for an RPC client", () => {
    expect(pageLinkLines(URL, true)).toEqual([
      `Also on the answer page: \u001b]8;;${URL}\u0007${URL}\u001b]8;;\u0007`,
    ]);
    expect(pageLinkLines(URL, false)).toEqual([`Also on the answer page: ${URL}`]);
  });

  it.each([
    "http://127.0.0.1/\u0007\u001b]0;title",
    "http://127.0.0.1/a b",
    "javascript:alert(1)",
    "http://127.0.0.1/\u009b2J",
  ])("is left out for a URL that could break out of the link: %j", (url) => {
    expect(pageLinkLines(url, true)).toBeUndefined();
  });
});

describe("what Pi says about the page", () => {
  it("names where the answer came from, and why the page is missing, inert", () => {
    expect(answeredElsewhere("page")).toBe("ask_user: answered in the page");
    expect(pageUnavailable(new Error("connect ECONNREFUSED \u001b[31m\u009b2J"))).toBe(
      "ask_user: the answer page is not available (connect ECONNREFUSED ␛[31m\\u009b2J); answer here",
    );
  });
});
