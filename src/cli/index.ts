#!/usr/bin/env node
// The `consignkit` command: src/cli/process.ts wires it to this process, src/cli/run.ts does everything.
import { runInThisProcess } from './process.js';

void runInThisProcess();
