import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/run-cli.ts";

const manifest = JSON.parse(readFileSync(`${ROOT}package.json`, "utf8")) as {
  scripts: Record<string, string>;
};

/**
 * npm runs `preinstall`, `install`, `postinstall` and (for a package from a file, a tarball or
 * git) `prepare` in an installed package, and warns that they are "not yet covered by
 * allowScripts" (`pi install` shows it). askuser ships dist/ built, so it has none of them; a
 * checkout's own `npm install` (and `npm ci`) runs `postprepare`, which builds dist/.
 */
describe("package.json scripts", () => {
  it("has no script npm would run in an installed copy of askuser", () => {
    for (const event of ["preinstall", "install", "postinstall", "prepare"]) {
      expect(manifest.scripts, event).not.toHaveProperty(event);
    }
  });

  it("builds dist/ on a checkout's npm install, and before packing", () => {
    expect(manifest.scripts.postprepare).toBe("node scripts/build.ts");
    expect(manifest.scripts.prepack).toBe("npm run build");
  });
});
