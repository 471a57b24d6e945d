import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import type { Fault, RecordedRequest, Transmissions } from '../../src/testing/index.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** `consignkit mock` running in a process of its own, driven over HTTP through its `/__mock/` routes. */
export interface MockProcess {
  ordersUrl: string;
  shipmentsUrl: string;
  apiKey: string;
  transmissions(operation?: string): Promise<Transmissions>;
  requests(operation?: string): Promise<RecordedRequest[]>;
  failNext(operation: string, fault: Fault): Promise<void>;
  stop(): Promise<void>;
}

/** Starts `consignkit mock --port 0 --json` (from the sources, through tsx) and waits for its URLs. */
export async function startMockProcess(...args: string[]): Promise<MockProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/cli/index.ts', 'mock', '--port', '0', '--json', ...args],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const printed = await new Promise<{ ordersUrl: string; shipmentsUrl: string; apiKey: string }>(
    (resolve, reject) => {
      child.stdout?.on('data', (chunk) => {
        stdout += chunk;
        const end = stdout.indexOf('\n}\n');
        if (end !== -1) resolve(JSON.parse(stdout.slice(0, end + 2)));
      });
      child.once('exit', (code) => reject(new Error(`consignkit mock exited (${code}): ${stderr}`)));
    },
  );
  const origin = new URL(printed.ordersUrl).origin;
  const headers = { 'x-api-key': printed.apiKey, 'content-type': 'application/json' };
  const admin = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${origin}/__mock/${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok)
      throw new Error(`/__mock/${path} answered ${response.status}: ${await response.text()}`);
    return response.status === 204 ? undefined : response.json();
  };
  const query = (operation?: string) => (operation ? `?operation=${encodeURIComponent(operation)}` : '');
  return {
    ...printed,
    transmissions: async (operation) =>
      (await admin('GET', `transmissions${query(operation)}`)).transmissions,
    requests: async (operation) => (await admin('GET', `requests${query(operation)}`)).requests,
    failNext: async (operation, fault) => {
      await admin('POST', 'faults', { operation, fault });
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}
