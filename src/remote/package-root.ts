import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The askuser package's own directory, found upward from this module: the same whether it runs
 * from src/ (a checkout), dist/cli/chunks/ or dist/pi/ (bundles), or node_modules/askuser.
 */
export function packageRoot(from: string = import.meta.url): string {
  let dir = dirname(fileURLToPath(from));
  for (;;) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest) && isAskuserManifest(manifest)) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`askuser: cannot find the askuser package above ${from}`);
    dir = parent;
  }
}

function isAskuserManifest(path: string): boolean {
  try {
    const parsed = JSON.parse(readFileSync(path, "utf8")) as { name?: unknown };
    return parsed.name === "askuser";
  } catch {
    return false;
  }
}

/** The package's version, as the discovery file and `GET /api/status` report it. */
export function packageVersion(): string {
  try {
    const parsed = JSON.parse(readFileSync(join(packageRoot(), "package.json"), "utf8")) as {
      version?: unknown;
    };
    return typeof parsed.version === "string" ? parsed.version : "unknown";
  } catch {
    return "unknown";
  }
}
