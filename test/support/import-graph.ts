import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";

const STATIC_IMPORT = /^import\s(?:[^;]*?\sfrom\s*)?"([^"]+)";?$/gmu;
/** esbuild's comment naming each bundled module at its start: `// src/cli/log-command.ts`. */
const MODULE_MARK = /^\/\/ (\S+\.m?[jt]s)$/gmu;

/** Every file Node loads with `entry`, following static imports only (dynamic ones wait). */
function staticGraph(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  for (const [, specifier = ""] of readFileSync(entry, "utf8").matchAll(STATIC_IMPORT)) {
    if (specifier.startsWith(".")) staticGraph(join(dirname(entry), specifier), seen);
  }
  return seen;
}

/** What a built CLI command loads before it runs: its bundled modules, Node built-ins, packages. */
export interface CommandStart {
  readonly modules: readonly string[];
  readonly builtins: readonly string[];
  /** Packages left as imports (not bundled), such as typebox or Pi's. */
  readonly packages: readonly string[];
}

/**
 * What `askuser <command>` loads before its code runs: the static graph of dist/cli/process.js
 * and of the command's chunk, which process.js imports dynamically as `./chunks/<chunk>-HASH.js`.
 */
export function commandStart(cli: string, chunk: string): CommandStart {
  const processJs = join(cli, "process.js");
  const command = new RegExp(`import\\("(\\./chunks/${chunk}-[^"]+)"\\)`, "u").exec(
    readFileSync(processJs, "utf8"),
  )?.[1];
  if (command === undefined) throw new Error(`${processJs} imports no ${chunk} chunk`);
  const texts = [...staticGraph(join(cli, command), staticGraph(processJs))].map((file) =>
    readFileSync(file, "utf8"),
  );
  const specifiers = texts.flatMap((text) =>
    [...text.matchAll(STATIC_IMPORT)].map(([, specifier = ""]) => specifier),
  );
  return {
    modules: texts.flatMap((text) => [...text.matchAll(MODULE_MARK)].map(([, name = ""]) => name)),
    builtins: specifiers.filter((specifier) => specifier.startsWith("node:")),
    packages: specifiers.filter((specifier) => !/^(node:|\.)/u.test(specifier)),
  };
}
