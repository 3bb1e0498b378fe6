import { existsSync } from "node:fs";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testDir } from "../support/test-dir.ts";

// Asked for outside any test: each lives until the file finished. That they are gone then is
// what the run's temp-dir check (test/temp-dir-setup.ts) sees, with every other file's.
const atTopLevel = testDir();
let inBeforeAll = "";
beforeAll(() => {
  inBeforeAll = testDir();
});

describe("a folder from testDir()", () => {
  const inDescribe = testDir();
  let inTest = "";

  it("asked for in a test, is there while the test runs", () => {
    inTest = testDir();
    expect(existsSync(inTest)).toBe(true);
  });

  it("asked for in a test, is gone once that test finished", () => {
    expect(inTest).not.toBe("");
    expect(existsSync(inTest)).toBe(false);
  });

  describe("asked for in a beforeEach", () => {
    const asked: string[] = [];
    beforeEach(() => {
      asked.push(testDir());
    });

    it("is there while the test runs", () => {
      expect(existsSync(asked[0] ?? "")).toBe(true);
    });

    it("is gone once that test finished", () => {
      expect(asked).toHaveLength(2);
      expect(existsSync(asked[0] ?? "")).toBe(false);
    });
  });

  it("asked for outside a test, is there until the file finished", () => {
    for (const dir of [atTopLevel, inDescribe, inBeforeAll]) expect(existsSync(dir)).toBe(true);
  });
});
