/**
 * The answer page's transfer size: each built asset raw and gzipped (level 9, what a server
 * compressing on the fly would send at best), and the total against the 60 KB goal. Run after
 * `npm run build`; `--json` prints the figures for another script.
 */
import { gzipSync } from "node:zlib";
import { readPageAssets } from "../src/remote/page-assets.ts";

const GOAL_BYTES = 60 * 1024;

export interface AssetSize {
  readonly path: string;
  readonly raw: number;
  readonly gzip: number;
}

export function pageSizes(): AssetSize[] {
  return readPageAssets().map((asset) => ({
    path: asset.path,
    raw: asset.body.length,
    gzip: gzipSync(asset.body, { level: 9 }).length,
  }));
}

if (import.meta.main) {
  const sizes = pageSizes();
  const total = sizes.reduce((sum, s) => ({ raw: sum.raw + s.raw, gzip: sum.gzip + s.gzip }), {
    raw: 0,
    gzip: 0,
  });
  if (process.argv.includes("--json")) {
    console.log(JSON.stringify({ assets: sizes, total, goalBytes: GOAL_BYTES }));
  } else {
    for (const size of sizes) {
      console.log(
        `${size.path.padEnd(10)} ${String(size.raw).padStart(7)} B raw ${String(size.gzip).padStart(7)} B gzip`,
      );
    }
    console.log(
      `${"total".padEnd(10)} ${String(total.raw).padStart(7)} B raw ${String(total.gzip).padStart(7)} B gzip`,
    );
    console.log(
      `goal: total transfer ≤ ${GOAL_BYTES} B (60 KB): ${total.raw <= GOAL_BYTES ? "met even uncompressed" : total.gzip <= GOAL_BYTES ? "met with gzip" : "NOT met"}; no external request`,
    );
  }
}
