// The fenced TypeScript and JavaScript code blocks of a Markdown file, rewritten by name: a block has no
// program around it, so no types. A block that imports or requires consignkit is the package's to
// rewrite; in any other, an old name is listed, not changed.
import type * as TS from 'typescript';
import { importsConsignkit } from './imports.js';
import { CLIENT_NAMES, type ClientName, type RenameTable } from './rename-table.js';
import { resourceClassOf } from './resource-classes.js';
import { rewriteSourceFile } from './rewrite.js';
import type { Edit, FileRewrite, Receiver, ReceiverKind } from './rewrite-types.js';

/** A receiver by its name alone: the type `OrdersClient` (in `as OrdersClient`, `OrdersClient['getOrder']`) is the client. */
function kindByName(ts: typeof TS, receiver: Receiver, trusted: boolean): ReceiverKind {
  if (trusted && ts.isTypeReferenceNode(receiver) && ts.isIdentifier(receiver.typeName)) {
    const name = receiver.typeName.text;
    if (CLIENT_NAMES.includes(name as ClientName)) return [name as ClientName];
  }
  return 'unknown';
}

const LANGUAGES: Record<string, 'ts' | 'tsx' | 'js' | 'jsx'> = {
  ts: 'ts',
  typescript: 'ts',
  mts: 'ts',
  cts: 'ts',
  tsx: 'tsx',
  js: 'js',
  javascript: 'js',
  mjs: 'js',
  cjs: 'js',
  jsx: 'jsx',
};

/** Every rewrite in the file's ```ts / ```js blocks, at positions and lines of the whole file. */
export function rewriteMarkdown(
  ts: typeof TS,
  fileName: string,
  text: string,
  table: RenameTable,
): FileRewrite {
  const result: FileRewrite = { edits: [], sites: [], notes: [] };
  const fence = /^( {0,3})(`{3,}|~{3,})[ \t]*([A-Za-z]*)[^\n]*\n/gm;
  let open: RegExpExecArray | null = fence.exec(text);
  while (open !== null) {
    const marker = open[2] as string;
    const bodyStart = open.index + open[0].length;
    const close = new RegExp(`^ {0,3}${marker[0]}{${marker.length},}[ \\t]*$`, 'gm');
    close.lastIndex = bodyStart;
    const end = close.exec(text);
    const bodyEnd = end === null ? text.length : end.index;
    const language = LANGUAGES[(open[3] as string).toLowerCase()];
    if (language !== undefined) {
      const block = ts.createSourceFile(
        `${fileName}.block.${language}`,
        text.slice(bodyStart, bodyEnd),
        ts.ScriptTarget.Latest,
        true,
        ts.ScriptKind[language.toUpperCase() as 'TS' | 'TSX' | 'JS' | 'JSX'],
      );
      const firstLine = text.slice(0, bodyStart).split('\n').length - 1;
      const trusted = importsConsignkit(ts, block);
      const inBlock = rewriteSourceFile(ts, block, {
        table,
        trusted,
        kindOf: (receiver) => kindByName(ts, receiver, trusted),
        resourceClassOf,
      });
      const shift = (edit: Edit) => ({ ...edit, start: edit.start + bodyStart, end: edit.end + bodyStart });
      result.edits.push(...inBlock.edits.map(shift));
      result.sites.push(...inBlock.sites.map((site) => ({ ...site, line: site.line + firstLine })));
      result.notes.push(...inBlock.notes.map((note) => ({ ...note, line: note.line + firstLine })));
    }
    if (end === null) break;
    fence.lastIndex = end.index + end[0].length;
    open = fence.exec(text);
  }
  return result;
}
