#!/usr/bin/env node
import { existsSync } from "node:fs";
import nodeModule from "node:module";

// This file is kept parseable by old Nodes (no named import a Node may lack), so that one
// too old to run askuser says which Node is needed instead of dying with a SyntaxError.
const NEEDED = [22, 19];
const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
if (major < NEEDED[0] || (major === NEEDED[0] && minor < NEEDED[1])) {
  // A path may hold any byte but a terminal control character is not shown raw.
  const where = Array.from(process.execPath, (char) => {
    const code = char.codePointAt(0) ?? 0;
    return code < 0x20 || (code >= 0x7f && code < 0xa0) ? "\uFFFD" : char;
  }).join("");
  process.stderr.write(
    `askuser: needs Node.js ${NEEDED.join(".")} or later; this is Node.js ${process.versions.node} (${where}). Install a newer Node (https://nodejs.org) and run askuser with it.\n`,
  );
  // EXIT.invalid (src/cli/errors.ts), the usage-error code: 1 would read as "not answered".
  process.exitCode = 2;
} else {
  await start();
}

async function start() {
  // Node keeps the compiled code of askuser and its dependencies in a cache in the OS temp dir,
  // so from the second start on a start spends almost no time compiling. (Without a usable temp
  // dir Node just compiles as usual.)
  nodeModule.enableCompileCache();
  // An installed package runs the compiled dist/. A checkout that was never built runs the
  // TypeScript source itself (Node 22.18+ strips types outside node_modules), so `npx askuser`
  // works straight after `npm install`.
  const built = new URL("../dist/cli/process.js", import.meta.url);
  const entry = existsSync(built) ? built : new URL("../src/cli/process.ts", import.meta.url);
  const { runFromProcess } = await import(entry.href);
  await runFromProcess();
}
