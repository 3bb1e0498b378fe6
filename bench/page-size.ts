/**
 * The answer page's transfer size: each built asset raw and gzipped (level 9, the most a server
 * compressing them could save), and the total against the 60 KB goal. The page makes no other
 * request. Run after `npm run build` (`npm run bench:page` does both); `--json` prints the
 * figures for another script.
 */
import { gzipSync } from "node:zlib";
import { loadPageAssets } from "../src/remote/page-assets.ts";
import { benchOptions } from "./options.ts";

export const PAGE_GOAL_BYTES = 60 * 1024;

export interface AssetSize {
  readonly path: string;
  readonly raw: number;
  readonly gzip: number;
}

/** The built page's assets, from this checkout's dist/ or a built copy of the package's. */
export async function pageSizes(dir?: string): Promise<AssetSize[]> {
  const page = await loadPageAssets(dir);
  if (page.missing.length > 0) {
    throw new Error(
      `the page is not built (missing ${page.missing.join(", ")}): run npm run build`,
    );
  }
  return page.assets.map((asset) => ({
    path: asset.path,
    raw: asset.body.length,
    gzip: gzipSync(asset.body, { level: 9 }).length,
  }));
}

if (import.meta.main) {
  const { json } = benchOptions(
    `usage: node bench/page-size.ts [--json]   (npm run bench:page, after a build)
  --json  print the figures as JSON, for another script`,
    { json: { type: "boolean" } },
  );
  const sizes = await pageSizes();
  const total = sizes.reduce((sum, s) => ({ raw: sum.raw + s.raw, gzip: sum.gzip + s.gzip }), {
    raw: 0,
    gzip: 0,
  });
  if (json) {
    console.log(JSON.stringify({ assets: sizes, total, goalBytes: PAGE_GOAL_BYTES }));
  } else {
    const row = (name: string, raw: number, gzip: number) =>
      `${name.padEnd(10)} ${String(raw).padStart(7)} B raw ${String(gzip).padStart(7)} B gzip`;
    for (const size of sizes) console.log(row(size.path, size.raw, size.gzip));
    console.log(row("total", total.raw, total.gzip));
    const verdict =
      total.raw <= PAGE_GOAL_BYTES
        ? "met even uncompressed"
        : total.gzip <= PAGE_GOAL_BYTES
          ? "met with gzip"
          : "NOT met";
    console.log(`goal: the page's total transfer ≤ ${PAGE_GOAL_BYTES} B (60 KB): ${verdict}`);
  }
}
