#!/usr/bin/env node
import { existsSync } from "node:fs";
import { enableCompileCache } from "node:module";

// Node keeps the compiled code of askuser and its dependencies in a cache in the OS temp dir, so
// from the second start on a start spends almost no time compiling. (Without a usable temp dir
// Node just compiles as usual.)
enableCompileCache();

// An installed package runs the compiled dist/. A checkout that was never built runs the
// TypeScript source itself (Node 22.18+ strips types outside node_modules), so `npx askuser`
// works straight after `npm install`.
const built = new URL("../dist/cli/process.js", import.meta.url);
const entry = existsSync(built) ? built : new URL("../src/cli/process.ts", import.meta.url);
const { runFromProcess } = await import(entry.href);
await runFromProcess();
