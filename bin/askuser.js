#!/usr/bin/env node
import { runFromProcess } from "../dist/cli/process.js";

await runFromProcess();
