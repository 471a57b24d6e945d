// A unified diff small enough to write here rather than add a dependency for: a rewrite only replaces
// text within lines (a new path holds no line break), so old and new lines pair up one to one.

/** The lines of `text`, without the empty string a final line break leaves. */
function linesOf(text: string): string[] {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** A unified diff of `before` and `after` as `git apply` and `patch -p1` take it; empty when they are equal. */
export function unifiedDiff(name: string, before: string, after: string, context = 3): string {
  const old = linesOf(before);
  const now = linesOf(after);
  // a/ and b/ for a relative path, as git writes them; an absolute one as it is.
  const [from, to] = name.startsWith('/') ? [name, name] : [`a/${name}`, `b/${name}`];
  const header = `--- ${from}\n+++ ${to}\n`;
  if (old.length !== now.length) {
    // Not a rewrite's output; still a correct diff: the whole file, replaced.
    const body = [...old.map((line) => `-${line}`), ...now.map((line) => `+${line}`)].join('\n');
    return `${header}@@ -1,${old.length} +1,${now.length} @@\n${body}\n`;
  }
  const changed = old.flatMap((line, index) => (line === now[index] ? [] : [index]));
  if (changed.length === 0) return '';
  const hunks: [number, number][] = [];
  for (const index of changed) {
    const start = Math.max(0, index - context);
    const end = Math.min(old.length, index + context + 1);
    const last = hunks[hunks.length - 1];
    if (last !== undefined && start <= last[1]) last[1] = end;
    else hunks.push([start, end]);
  }
  let diff = header;
  for (const [start, end] of hunks) {
    diff += `@@ -${start + 1},${end - start} +${start + 1},${end - start} @@\n`;
    // A run of changed lines as git shows it: its old lines, then its new ones.
    let removed = '';
    let added = '';
    for (let index = start; index < end; index++) {
      const line = old[index] as string;
      if (line !== now[index]) {
        removed += `-${line}\n`;
        added += `+${now[index]}\n`;
        continue;
      }
      diff += `${removed}${added} ${line}\n`;
      removed = '';
      added = '';
    }
    diff += removed + added;
  }
  return diff;
}
