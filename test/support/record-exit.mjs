// Runs a command with stdin and stderr on this terminal and stdout in a file, and writes how it
// ended ("code N" or "signal NAME") to another file. It survives the terminal's hangup itself, so
// a test can close the terminal and still learn the command's exit code.
// Usage: node record-exit.mjs <stdout-file> <exit-file> <command> [args...]
import { spawn } from "node:child_process";
import { openSync, renameSync, writeFileSync } from "node:fs";

const [outFile, exitFile, command, ...args] = process.argv.slice(2);
if (!outFile || !exitFile || !command)
  throw new Error("usage: record-exit.mjs <out> <exit> <cmd> ...");
process.on("SIGHUP", () => {});
const child = spawn(command, args, { stdio: ["inherit", openSync(outFile, "w"), "inherit"] });
// Written aside and renamed into place, so a reader never sees the file empty.
child.on("exit", (code, signal) => {
  writeFileSync(`${exitFile}.part`, code === null ? `signal ${signal}` : `code ${code}`);
  renameSync(`${exitFile}.part`, exitFile);
});
