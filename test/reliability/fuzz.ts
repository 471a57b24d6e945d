import fc from 'fast-check';

/**
 * Fixed seeds and modest run counts in the normal suite, so it stays fast and every run tries the same
 * inputs; `npm run fuzz` (FUZZ=1) multiplies the runs and picks a new seed, printed on failure by
 * fast-check together with the path of the failing input (re-run one with FUZZ_SEED=… FUZZ_PATH=…).
 */
const FUZZ = process.env.FUZZ === '1';
const SCALE = Number(process.env.FUZZ_SCALE ?? 50);
export const FIXED_SEED = 20_261_123;
export const SEED = process.env.FUZZ_SEED
  ? Number(process.env.FUZZ_SEED)
  : FUZZ
    ? (Date.now() ^ Math.floor(Math.random() * 2 ** 31)) | 0
    : FIXED_SEED;
export const isFuzzRun = FUZZ || SEED !== FIXED_SEED;

export function fuzzParameters<T>(numRuns: number): fc.Parameters<T> {
  return {
    seed: SEED,
    numRuns: FUZZ ? numRuns * SCALE : numRuns,
    ...(process.env.FUZZ_PATH ? { path: process.env.FUZZ_PATH } : {}),
  };
}

/** Values of every JavaScript kind, including the ones JSON cannot hold (BigInt, Map, null prototypes…). */
export const anyValue = fc.anything({
  maxDepth: 3,
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withNullPrototype: true,
  withObjectString: true,
  withSet: true,
  withSparseArray: true,
  withTypedArray: true,
});

type Path = (string | number)[];

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null &&
  typeof value === 'object' &&
  [Object.prototype, null].includes(Object.getPrototypeOf(value)) &&
  !Array.isArray(value);

/**
 * Paths to every node of a JSON-like value; edits never reach inside anything else (a boxed string, a Map).
 * A value met again below itself (a cycle) is a node, but is not entered again.
 */
function nodePaths(value: unknown, prefix: Path = [], above = new Set<unknown>()): Path[] {
  const paths: Path[] = [prefix];
  if (above.has(value)) return paths;
  const inside = new Set(above).add(value);
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      paths.push(...nodePaths(item, [...prefix, index], inside));
    });
  } else if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) paths.push(...nodePaths(item, [...prefix, key], inside));
  }
  return paths;
}

export interface Edit {
  at: number;
  kind: 'replace' | 'delete' | 'insert' | 'wrap' | 'stringify';
  key: string;
  value: unknown;
}

/** Applies edits to a copy of a JSON value: each picks a node (`at`, modulo the node count) and changes it. */
export function applyEdits(sample: unknown, edits: Edit[]): unknown {
  let root = structuredClone(sample);
  for (const edit of edits) {
    const paths = nodePaths(root);
    const path = paths[edit.at % paths.length]!;
    const parentPath = path.slice(0, -1);
    const last = path.at(-1);
    const parent = parentPath.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], root) as
      | Record<string | number, unknown>
      | undefined;
    const node = path.reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], root);
    // A constant (`[]`, `{}`) is one object shared by every run: copy it wherever it goes into the tree, or
    // a later edit would change it for every later run, and could put it inside itself (a cycle).
    const fresh = (value: unknown) =>
      Array.isArray(value) ||
      (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype)
        ? structuredClone(value)
        : value;
    const replace = (value: unknown) => {
      if (last === undefined) root = value;
      else if (parent) parent[last] = value;
    };
    switch (edit.kind) {
      case 'replace':
        replace(fresh(edit.value));
        break;
      case 'delete':
        if (Array.isArray(parent) && typeof last === 'number') parent.splice(last, 1);
        else if (parent && last !== undefined) delete parent[last];
        else root = undefined;
        break;
      case 'insert':
        if (Array.isArray(node)) node.push(fresh(edit.value));
        else if (node !== null && typeof node === 'object')
          (node as Record<string, unknown>)[edit.key] = fresh(edit.value);
        else replace(fresh(edit.value));
        break;
      case 'wrap':
        replace([node]);
        break;
      case 'stringify':
        replace(safeStringify(node));
        break;
    }
  }
  return root;
}

function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'undefined';
  } catch {
    return String(typeof value);
  }
}

/** A valid sample with one to three random edits: near misses, the inputs most likely to slip through. */
export function mutated(sample: unknown, values: fc.Arbitrary<unknown>, keys: fc.Arbitrary<string>) {
  const edit = fc.record({
    at: fc.nat(),
    kind: fc.constantFrom('replace', 'delete', 'insert', 'wrap', 'stringify'),
    key: keys,
    value: values,
  }) as fc.Arbitrary<Edit>;
  return fc.array(edit, { minLength: 1, maxLength: 3 }).map((edits) => applyEdits(sample, edits));
}

/** How many inputs each property tried: the README shows them. */
export const fuzzed: Record<string, number> = {};
export function count(property: string): void {
  fuzzed[property] = (fuzzed[property] ?? 0) + 1;
}
