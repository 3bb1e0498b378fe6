import { describe, expect, it } from "vitest";
import { NoticeLog } from "../../src/settings/notices.ts";

const problems = (file: string, count: number) =>
  Array.from({ length: count }, (_, i) => ({ file, problem: `typo${i}: unknown setting` }));

describe("NoticeLog", () => {
  it("tells ten problems of a file and counts the rest, which the next load tells", () => {
    const log = new NoticeLog();
    const first = log.fresh(problems("/a.json", 25), []);
    expect(first).toHaveLength(1);
    expect(first[0]?.lines).toHaveLength(11);
    expect(first[0]?.lines[10]).toBe("and 15 more problems; fix these first");
    const second = log.fresh(problems("/a.json", 25), []);
    expect(second[0]?.lines[0]).toBe("typo10: unknown setting");
    expect(second[0]?.lines[10]).toBe("and 5 more problems; fix these first");
    const third = log.fresh(problems("/a.json", 25), []);
    expect(third[0]?.lines).toHaveLength(5);
    expect(log.fresh(problems("/a.json", 25), [])).toEqual([]);
  });

  it("tells a problem listed twice once", () => {
    const log = new NoticeLog();
    const twice = [...problems("/a.json", 1), ...problems("/a.json", 1)];
    expect(log.fresh(twice, [])).toEqual([
      { level: "warning", file: "/a.json", lines: ["typo0: unknown setting"] },
    ]);
  });
});
