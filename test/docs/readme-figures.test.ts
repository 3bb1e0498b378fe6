import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { pageSizes } from "../../bench/page-size.ts";
import { PAGE_DIR } from "../../src/remote/page-assets.ts";
import { PACKAGE, ROOT } from "../support/run-cli.ts";

const readme = readFileSync(`${ROOT}README.md`, "utf8");
const grouped = (bytes: number) => bytes.toLocaleString("en-US");

describe("README: Performance", () => {
  it("gives the answer page's size that npm run bench:page prints for the built page", async () => {
    // The page as this run built it: the working tree need not hold a dist/.
    const sizes = await pageSizes(join(PACKAGE, PAGE_DIR));
    const raw = sizes.reduce((sum, size) => sum + size.raw, 0);
    const gzip = sizes.reduce((sum, size) => sum + size.gzip, 0);
    const row = readme.split("\n").find((line) => line.includes("`npm run bench:page`"));
    expect(row).toContain(`${grouped(raw)} B raw, ${grouped(gzip)} B gzipped`);
  });
});
