import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  AllocationError,
  ApiError,
  ConfigurationError,
  ConsignkitError,
  decodeBase64,
  decodeDocument,
  RequestAbortedError,
  RequestValidationError,
  ResponseValidationError,
  ShipmentAllocationError,
} from '../../src/index.js';
import { createMockService } from '../../src/testing/index.js';
import { anyValue, count, FIXED_SEED, fuzzed, fuzzParameters, isFuzzRun, SEED } from './fuzz.js';
import { type Answer, answers, bodyText, declaredType, respond, SAMPLES, TYPED } from './fuzz-answers.js';
import { KEY, METHODS, nastyReference, requestOptions, values } from './fuzz-inputs.js';
import { PATHS } from './fuzz-paths.js';
import { clientsOver, OPERATIONS } from './operations.js';
import { expectReadmeSection, markdownTable } from './readme.js';
import { LeakSearch } from './secrets.js';

/**
 * Property-based tests (fast-check) of the promises the SDK makes about input it is given and answers it
 * receives. Fixed seed and modest runs here; `npm run fuzz` for a long run with a new seed.
 */

if (isFuzzRun) console.log(`fuzz seed ${SEED}`);

const KINDS = {
  // Read when the table is printed, once every method is declared below.
  get inputs() {
    return `arguments and call options, to all ${METHODS.length} methods`;
  },
  paths: 'references with `/ .. ? # %` or spaces, in paths and queries',
  get answers() {
    return `answers (status, body, content type, validation mode), to all ${METHODS.length} methods`;
  },
  documents: 'strings and objects given to `decodeBase64` and `decodeDocument`',
};
const leaks = new LeakSearch(KEY);
let duplicated = 0;

interface Sent {
  method: string;
  url: URL;
  body: string;
}

/** Both clients over the mock, through a fetch that records every request that leaves the SDK. */
function recordingClients(options: Parameters<typeof clientsOver>[1] = {}) {
  const mock = createMockService({ apiKey: KEY });
  const sent: Sent[] = [];
  const clients = clientsOver(
    async (input, init) => {
      const request = new Request(input, init);
      sent.push({ method: request.method, url: new URL(request.url), body: await request.clone().text() });
      return mock.fetch(request);
    },
    { apiKey: KEY, ...options },
  );
  return { clients, sent };
}

/** The call's outcome. Every method returns a promise: one that throws before returning it fails here. */
async function outcomeOf(call: () => Promise<unknown>): Promise<{ value?: unknown; error?: unknown }> {
  let promise: Promise<unknown>;
  try {
    promise = call();
  } catch (error) {
    throw new Error(`threw synchronously instead of rejecting: ${String(error)}`);
  }
  try {
    return { value: await promise };
  } catch (error) {
    return { error };
  }
}

// ---------------------------------------------------------------------------------------------------------
// Inputs: every method, random and near-valid arguments (the cases: fuzz-inputs.ts).

/** Errors that promise nothing was sent. */
const refusedBeforeSending = (error: unknown) =>
  error instanceof RequestValidationError ||
  error instanceof ConfigurationError ||
  error instanceof RequestAbortedError;

describe('random input to every method', () => {
  it('gives random input to every method the reliability cases call, so to every declared operation', () => {
    expect(METHODS.map((entry) => entry.name).sort()).toEqual(OPERATIONS.map((entry) => entry.name).sort());
  });

  it.each(METHODS.map((entry) => [entry.name, entry] as const))(
    '%s: passes, or throws RequestValidationError (or ConfigurationError for bad call options) with nothing sent',
    async (_name, entry) => {
      const { clients, sent } = recordingClients({ maxRetries: 0 });
      await fc.assert(
        fc.asyncProperty(entry.args, requestOptions, async (args, options) => {
          count(KINDS.inputs);
          sent.length = 0;
          const { error } = await outcomeOf(() => entry.invoke(clients, args, options));
          if (error !== undefined && !(error instanceof ConsignkitError)) throw error;
          if (refusedBeforeSending(error)) {
            expect(sent).toEqual([]);
            return;
          }
          expect(sent.length).toBeGreaterThan(0);
          if (entry.body) expect(sent[0]!.body).toBe(JSON.stringify(entry.body(args)));
        }),
        fuzzParameters(60),
      );
    },
  );
});

// ---------------------------------------------------------------------------------------------------------
// References in paths.

const BASE_PATHS = { orders: '/', shipments: '/prosandbox/' };

describe('references holding /, .., ?, #, % or spaces', () => {
  it.each(PATHS.map((entry) => [entry.name, entry] as const))(
    '%s: never change the request path',
    async (_name, entry) => {
      const { clients, sent } = recordingClients({ maxRetries: 0 });
      const base = entry.area
        ? BASE_PATHS[entry.area]
        : entry.path.startsWith('labels') || entry.path.startsWith('shipment')
          ? BASE_PATHS.shipments
          : BASE_PATHS.orders;
      const template = `${base}${entry.path}`.split('/');
      await fc.assert(
        fc.asyncProperty(
          fc.tuple(
            ...entry.prefixes.map((prefix) => fc.oneof(nastyReference(prefix), fc.constant(`${prefix}a..b`))),
          ),
          async (refs) => {
            count(KINDS.paths);
            sent.length = 0;
            const { error } = await outcomeOf(() => entry.invoke(clients, refs));
            if (error instanceof RequestValidationError) {
              expect(sent).toEqual([]);
              return;
            }
            expect(sent.length).toBeGreaterThan(0);
            for (const { url } of sent) {
              // The same segments as the template, each reference in exactly one of them, nothing in the query.
              const segments = url.pathname.split('/');
              expect(segments).toHaveLength(template.length);
              template.forEach((part, index) => {
                const placeholder = /^\{(\d)\}$/.exec(part);
                const expected = placeholder ? refs[Number(placeholder[1])] : part;
                expect(decodeURIComponent(segments[index]!)).toBe(expected);
              });
              expect(url.search).toBe('');
              expect(url.hash).toBe('');
            }
          },
        ),
        fuzzParameters(60),
      );
    },
  );

  it('getCustomerManifests: a shipping location travels in the query, whole, and nowhere else', async () => {
    const { clients, sent } = recordingClients({ maxRetries: 0 });
    await fc.assert(
      fc.asyncProperty(nastyReference('SL-'), async (location) => {
        count(KINDS.paths);
        sent.length = 0;
        await clients.orders.manifests.list({ shippingLocationReference: location });
        expect(sent).toHaveLength(1);
        expect(sent[0]!.url.pathname).toBe('/consignments/customer/manifests');
        expect([...sent[0]!.url.searchParams]).toEqual([['shippingLocationReference', location]]);
      }),
      fuzzParameters(60),
    );
  });
});

// ---------------------------------------------------------------------------------------------------------
// Answers: random and mutated response bodies for every operation.

describe('random and mutated answers to every operation', () => {
  it.each(OPERATIONS.map((operation) => [operation.name, operation] as const))(
    '%s: a typed result, ResponseValidationError, ApiError or (allocation) AllocationError, its 521 included; never anything else',
    async (_name, operation) => {
      let current: { answer: Answer; text: string } | undefined;
      let requests = 0;
      // Sends of the first request again: a later request elsewhere (patchOrder's write, the read of an
      // unallocated consignment's reason) is no duplicate.
      let resent = 0;
      let first = '';
      // The first request gets the answer under test; any later one (patchOrder's write) a plain 200.
      const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
        const request = new Request(input, init);
        await request.text();
        requests += 1;
        const key = `${request.method} ${request.url}`;
        if (requests === 1) first = key;
        else if (key === first) resent += 1;
        return requests === 1 && current
          ? respond(current.answer, current.text)
          : new Response(null, { status: 200 });
      };
      const clients = {
        strict: clientsOver(fetch, { apiKey: KEY, maxRetries: 0 }),
        warn: clientsOver(fetch, { apiKey: KEY, maxRetries: 0, validation: 'warn' }),
        off: clientsOver(fetch, { apiKey: KEY, maxRetries: 0, validation: 'off' }),
      };
      await fc.assert(
        fc.asyncProperty(answers(SAMPLES[operation.name]), async (answer) => {
          const text = bodyText(answer);
          fc.pre(text !== undefined);
          count(KINDS.answers);
          current = { answer, text };
          requests = 0;
          resent = 0;
          const { value, error } = await outcomeOf(() => operation.call(clients[answer.validation]));
          if (error !== undefined) {
            leaks.error(operation.name, error);
            // A 2xx allocation answer without a consignment's summary says it was not allocated.
            const notAllocated = error instanceof AllocationError && answer.status < 300;
            // Area B's 521 to an allocation is a refusal, not a failure of the service: never an ApiError.
            const refused = error instanceof ShipmentAllocationError && answer.status === 521;
            if (
              !(
                error instanceof ResponseValidationError ||
                error instanceof ApiError ||
                notAllocated ||
                refused
              )
            ) {
              throw error;
            }
            expect(error instanceof ApiError || refused).toBe(answer.status >= 300);
          } else {
            expect(answer.status).toBeLessThan(300);
            // patchOrder and patchConsignment check what they read in every mode: they write it back.
            const checked =
              answer.validation === 'strict' ||
              operation.name === 'patchOrder' ||
              operation.name === 'patchConsignment';
            if (checked) expect((TYPED[operation.name] ?? declaredType(operation.name))(value)).toBe(true);
          }
          if (!operation.repeatable) duplicated += resent;
        }),
        fuzzParameters(60),
      );
      expect(leaks.leaks).toEqual([]);
    },
  );
});

// ---------------------------------------------------------------------------------------------------------
// Documents.

const WHITESPACE = /[\t\n\f\r ]/g;
/** Node's Buffer as the oracle: text is valid Base64 exactly when decoding and re-encoding gives it back. */
const canonicalBase64 = (text: string) => {
  const compact = text.replace(WHITESPACE, '');
  return Buffer.from(compact, 'base64').toString('base64') === compact;
};
const base64Text = fc.oneof(
  fc.string({
    unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/= \n\r\t-_.'),
  }),
  // Mostly the alphabet, with characters beyond ASCII whose low byte is in it: 'Ł' (U+0141) reads as 'A'
  // to Node's Buffer, 'Ｄ' (U+FF24) as '$'… Their length is a multiple of 4 often enough to reach Buffer.
  fc.string({
    unit: fc.oneof(
      { weight: 8, arbitrary: fc.constantFrom(...'ABCDQUJwxyz0189+/') },
      {
        weight: 1,
        arbitrary: fc.constantFrom('\u0141', '\u0142', '\u0151', '\u4a4a', '\uff24', '\u00e9', '\u00c1'),
      },
    ),
  }),
  fc.string({ unit: 'binary' }),
  fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes).toString('base64')),
  fc
    .tuple(fc.uint8Array({ maxLength: 200 }), fc.constantFrom(4, 8, 76), fc.constantFrom('\n', '\r\n', ' '))
    .map(([bytes, width, separator]) => {
      const text = Buffer.from(bytes).toString('base64');
      return text.replace(new RegExp(`(.{${width}})`, 'g'), `$1${separator}`);
    }),
  // Wrapped as MIME and PEM wrap it, then one character put in, taken out or replaced anywhere: Node's
  // decoder takes wrapped text on its own terms, and must be held to the strict rules there too.
  fc
    .tuple(
      fc.uint8Array({ minLength: 40, maxLength: 300 }),
      fc.constantFrom(64, 76),
      fc.constantFrom('\n', '\r\n'),
      fc.boolean(),
      fc.nat(),
      fc.constantFrom('', 'A', '=', '-', '_', ' ', '\n', '\r', '!', '\u0141'),
      fc.constantFrom(0, 1),
    )
    .map(([bytes, width, separator, endsWithBreak, at, character, replaced]) => {
      const lines =
        Buffer.from(bytes)
          .toString('base64')
          .match(new RegExp(`.{1,${width}}`, 'g')) ?? [];
      const text = lines.join(separator) + (endsWithBreak ? separator : '');
      const position = at % (text.length + 1);
      return text.slice(0, position) + character + text.slice(position + replaced);
    }),
);

describe('decodeDocument and decodeBase64 on random strings', () => {
  it('decodeBase64 decodes exactly the valid Base64 (as Buffer reads it) and rejects the rest with DocumentError', () => {
    fc.assert(
      fc.property(base64Text, (text) => {
        count(KINDS.documents);
        let decoded: Uint8Array | undefined;
        try {
          decoded = decodeBase64(text);
        } catch (error) {
          if (!(error instanceof ConsignkitError)) throw error;
        }
        expect(decoded !== undefined).toBe(canonicalBase64(text));
        if (decoded)
          expect(Buffer.from(decoded).equals(Buffer.from(text.replace(WHITESPACE, ''), 'base64'))).toBe(true);
      }),
      fuzzParameters(400),
    );
  });

  it('decodeDocument gives bytes of a recognised format, or a ConsignkitError', () => {
    const magic = fc.constantFrom('%PDF-1.7\n', 'BM', '^XA^FO10,10^FDx^FS^XZ', '\ufeff ^XA', '', 'GIF89a');
    const file = fc.oneof(
      base64Text,
      fc
        .tuple(magic, fc.uint8Array({ maxLength: 40 }))
        .map(([start, rest]) => Buffer.concat([Buffer.from(start), rest]).toString('base64')),
    );
    const contentType = fc.oneof(
      fc.constantFrom(
        'application/pdf',
        'text/plain',
        'image/bmp',
        'image/x-ms-bmp',
        'application/octet-stream',
        '',
      ),
      fc.string(),
      anyValue,
    );
    const document = fc.oneof(
      {
        weight: 4,
        arbitrary: fc.record({ file, content_type: contentType, document_type: values, dpi: values }),
      },
      { weight: 1, arbitrary: anyValue },
    );
    fc.assert(
      fc.property(document, (doc) => {
        count(KINDS.documents);
        try {
          const decoded = decodeDocument(doc as never);
          expect(decoded.bytes).toBeInstanceOf(Uint8Array);
          expect(['pdf', 'zpl', 'bmp']).toContain(decoded.format);
        } catch (error) {
          if (!(error instanceof ConsignkitError)) throw error;
        }
      }),
      fuzzParameters(400),
    );
  });
});

describe('the README', () => {
  afterAll(() => {
    console.log(
      `\ninputs fuzzed (seed ${SEED}):`,
      fuzzed,
      `requests duplicated: ${duplicated}, keys leaked: ${leaks.leaks.length}`,
    );
  });

  it("shows this run's fuzzing figures", () => {
    expect(duplicated).toBe(0);
    expect(leaks.leaks).toEqual([]);
    // Only the fixed-seed run of the whole file has the figures the README shows.
    if (isFuzzRun || Object.keys(fuzzed).length !== Object.keys(KINDS).length) return;
    const total = Object.values(fuzzed).reduce((sum, n) => sum + n, 0);
    const rows = Object.entries(fuzzed).map(([what, n]) => [what, n.toLocaleString('en')]);
    const table = markdownTable(
      [`inputs fuzzed (seed ${FIXED_SEED})`, 'count'],
      [...rows, ['**total**', `**${total.toLocaleString('en')}**`]],
    );
    expectReadmeSection(
      'fuzz',
      `${table}\nKeys leaked: ${leaks.leaks.length}, in ${leaks.searched.toLocaleString('en')} strings searched (every error, in every form; the key is among the values the answers are built from).\n`,
    );
  });
});
