// A file is rewritten only when its text comes back byte for byte: UTF-8 (its byte-order mark, if any,
// and its line endings kept as they are). Anything else (Latin-1, UTF-16, a NUL-padded file) is
// reported and left alone: decoding it as UTF-8 would turn its bytes into U+FFFD, or its encoding into UTF-8.
// The new text is written beside the file and renamed over it, so that a write that fails midway (a full
// disk) leaves the file as it was.
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

const BOM = '\uFEFF';

/** A file's text and whether it opens with a byte-order mark, or why it cannot be rewritten losslessly. */
export type Decoded = { text: string; bom: boolean } | { problem: string };

/** `bytes` as UTF-8 text when they decode and encode back to exactly the same bytes. */
export function decodeExactly(bytes: Uint8Array): Decoded {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
    return { problem: 'UTF-16 text (it would be rewritten as UTF-8)' };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return { problem: 'not UTF-8 (Latin-1 or binary bytes would become U+FFFD)' };
  }
  if (!Buffer.from(text, 'utf8').equals(bytes))
    return { problem: 'its UTF-8 does not encode back to the same bytes' };
  const bom = text.startsWith(BOM);
  return { text: bom ? text.slice(1) : text, bom };
}

/** The bytes of `text`, with the byte-order mark it was read with. */
export const encode = (text: string, bom: boolean) => Buffer.from(bom ? BOM + text : text, 'utf8');

/** The file system calls the write makes, for a test to fail one of them. */
export type WriteFs = Pick<typeof fs, 'realpath' | 'stat' | 'writeFile' | 'chmod' | 'rename' | 'rm'>;

/**
 * Writes `bytes` to a temporary file in `file`'s folder, with `file`'s mode, and renames it over `file`
 * (through a symbolic link, over its target). On any failure the temporary file is removed and `file`
 * is as it was.
 */
export async function writeAtomically(
  file: string,
  bytes: Uint8Array,
  fileSystem: WriteFs = fs,
): Promise<void> {
  const target = await fileSystem.realpath(file);
  const { mode } = await fileSystem.stat(target);
  const temporary = join(
    dirname(target),
    `.${basename(target)}.consignkit-migrate-${process.pid}-${randomBytes(4).toString('hex')}`,
  );
  try {
    await fileSystem.writeFile(temporary, bytes, { flag: 'wx', mode: mode & 0o777 });
    // The umask may have narrowed the mode writeFile set.
    await fileSystem.chmod(temporary, mode & 0o7777);
    await fileSystem.rename(temporary, target);
  } catch (error) {
    await fileSystem.rm(temporary, { force: true });
    throw error;
  }
}
