import { Transform } from 'node:stream';

// The MCP SDK's stdio transport holds at most 10 MiB of unread input; past it, it closes, and the server
// exited 0 with nothing said. Lines are bounded here first: one longer than a message may be is read
// past (never held), answered with a JSON-RPC error, and said on stderr, and the server reads on.

/** The longest message read, its newline included: the SDK's stdio transport's bound. */
export const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/** How much of an oversized line is kept, to find its request's `id`. */
const HEAD_BYTES = 4096;

/** What is known of a line that was too long: its first bytes, and its size. */
export interface OversizedLine {
  head: string;
  bytes: number;
}

/**
 * The input split into lines, each passed on whole once complete, except a line longer than `limit`
 * bytes: that one is dropped as it arrives (at most `limit` bytes are ever held) and `onOversized` is
 * called once it ends.
 */
export function boundedLines(
  onOversized: (line: OversizedLine) => void,
  limit = MAX_MESSAGE_BYTES,
): Transform {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let head: Buffer | undefined;
  let dropping: number | undefined;
  const dropped = () => {
    onOversized({ head: head?.toString('utf8') ?? '', bytes: dropping ?? 0 });
    dropping = undefined;
    head = undefined;
  };
  return new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      let rest = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      while (rest.length > 0) {
        const newline = rest.indexOf(10);
        const part = newline === -1 ? rest : rest.subarray(0, newline + 1);
        rest = rest.subarray(part.length);
        if (pendingBytes === 0 && dropping === undefined) head = Buffer.from(part.subarray(0, HEAD_BYTES));
        if (dropping === undefined && pendingBytes + part.length > limit) {
          dropping = pendingBytes;
          pending = [];
          pendingBytes = 0;
        }
        if (dropping !== undefined) {
          dropping += part.length;
          if (newline !== -1) dropped();
          continue;
        }
        pending.push(part);
        pendingBytes += part.length;
        if (newline !== -1) {
          this.push(Buffer.concat(pending));
          pending = [];
          pendingBytes = 0;
        }
      }
      done();
    },
    flush(done) {
      if (dropping !== undefined) dropped();
      else if (pendingBytes > 0) this.push(Buffer.concat(pending));
      done();
    },
  });
}

/**
 * The `id` of the request an oversized line began, when its first bytes name one before its `params`
 * (as clients write them); `null` otherwise, as JSON-RPC answers a request whose id cannot be read.
 */
export function requestIdOf(head: string): string | number | null {
  const beforeParams = head.split('"params"')[0] ?? '';
  const match = /"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")/.exec(beforeParams);
  if (!match?.[1]) return null;
  try {
    return JSON.parse(match[1]) as string | number;
  } catch {
    return null;
  }
}

/** The JSON-RPC error line that answers an oversized message. */
export function oversizedAnswer(line: OversizedLine, limit = MAX_MESSAGE_BYTES): string {
  const answer = {
    jsonrpc: '2.0',
    id: requestIdOf(line.head),
    error: {
      code: -32600,
      message: `The message is ${line.bytes} bytes, over the ${limit} bytes a message may be: it was not read. Send documents by reference or in smaller parts`,
    },
  };
  return `${JSON.stringify(answer)}\n`;
}
