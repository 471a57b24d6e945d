// The shapes a rewrite passes around (what a receiver is, an edit, a site, a note, what the rewrite knows of
// a file): their own module so that rewrite.ts and the passes it calls (overrides.ts, reports.ts) share
// them without importing each other.
import type * as TS from 'typescript';
import type { ClientName, RenameTable } from './rename-table.js';

/** What the receiver of `x.oldName` is: the clients its type is or derives from, or `unknown` (any, unknown, untyped JS). */
export type ReceiverKind = readonly ClientName[] | 'unknown';

/** The receiver of an access: an expression (`orders` in `orders.getOrder`) or a type (`OrdersClient` in `OrdersClient['getOrder']`). */
export type Receiver = TS.Expression | TS.TypeNode;

/** One text replacement in a file. */
export interface Edit {
  start: number;
  end: number;
  text: string;
}

/** A call site rewritten (or, in a dry run, to be rewritten). */
export interface Site {
  line: number;
  column: number;
  old: string;
  path: string;
  /** Rewritten from the name alone: the receiver's type was unknown. */
  byName: boolean;
  /** Why the rewritten code deserves a look (a method reference loses its `this`). */
  warning?: string;
}

/** A use of an old name left as it is, with the reason. */
export interface Note {
  line: number;
  column: number;
  message: string;
}

export interface FileRewrite {
  edits: Edit[];
  sites: Site[];
  notes: Note[];
}

/** What the rewrite knows of the file beyond its syntax. */
export interface RewriteContext {
  table: RenameTable;
  /** Whether the file (or Markdown block) imports or requires consignkit: only then is a receiver of unknown type rewritten. */
  trusted: boolean;
  kindOf(receiver: Receiver): ReceiverKind;
  /** The integrator's class that overrides `old` on the receiver's type (typed code only). */
  overriderOf?(receiver: TS.Expression, old: string): string | undefined;
  /** The kind an object literal is written as, from where it stands (typed code only). */
  contextualKindOf?(literal: TS.ObjectLiteralExpression): ReceiverKind;
  /** The exported class of a resource (`consignments` of `OrdersClient` is `Consignments`). */
  resourceClassOf(client: ClientName, prefix: string): string | undefined;
}

/** The line and column of a node, 1-based, as the report prints them. */
export type Locate = (node: TS.Node) => { line: number; column: number };
