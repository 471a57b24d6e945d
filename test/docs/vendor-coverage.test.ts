import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  type CoverageRow,
  coverage,
  GUIDE_ONLY,
  reasonFor,
  type VendorEndpoint,
} from '../../scripts/vendor-coverage.mjs';
import { methodsByArea } from '../../src/operation-catalog.js';

// docs/api.md's "Coverage" section lists every endpoint of the vendor's C# SDK reference, wrapped (by the
// declared operations) or left out with a reason. Its facts are docs/vendor-endpoints.json, committed so
// that the generator runs without the vendor's repository.

const data = JSON.parse(
  readFileSync(new URL('../../docs/vendor-endpoints.json', import.meta.url), 'utf8'),
) as { source: string; endpoints: VendorEndpoint[] };
const ordersMethods = methodsByArea().orders;
let result: { rows: CoverageRow[]; problems: string[] } | undefined;
const covered = () => {
  result ??= coverage(data.endpoints, ordersMethods);
  return result;
};

describe('docs/vendor-endpoints.json', () => {
  it("holds the reference's 122 endpoints as facts: verb, path, title, and the guides' route where it differs", () => {
    expect(data.endpoints).toHaveLength(122);
    for (const endpoint of data.endpoints) {
      expect(Object.keys(endpoint).filter((key) => key !== 'guidePath')).toEqual(['verb', 'path', 'title']);
      expect(endpoint.verb).toMatch(/^(GET|POST|PUT|DELETE|PATCH)$/);
    }
  });
});

describe("the coverage of the vendor's C# SDK reference", () => {
  it("fits every declared area A operation's verb and path to an endpoint, or it is one the guides alone document", () => {
    expect(covered().problems.filter((problem) => !/neither wrapped/.test(problem))).toEqual([]);
  });

  it('gives every endpoint a wrapping method or a reason it is left out', () => {
    expect(covered().problems.filter((problem) => /neither wrapped/.test(problem))).toEqual([]);
    for (const row of covered().rows) expect(row.methods.length > 0 || Boolean(row.reason)).toBe(true);
  });

  it('lists a method as soon as it is declared: the reads of issue 48 are wrapped', () => {
    const wrappedBy = (verb: string, path: string) =>
      covered().rows.find((row) => row.verb === verb && row.path === path)?.methods;
    expect(wrappedBy('GET', '/servicegroups/summaries')).toEqual(['serviceGroups.listSummaries']);
    expect(wrappedBy('GET', '/packagesizes/default')).toEqual(['packageSizes.getDefault']);
    expect(wrappedBy('POST', '/consignments/manifestsfiltered')).toEqual(['manifests.search']);
    // Matched by the route the guides write, under consignments/customer/.
    expect(wrappedBy('GET', '/consignments/manifest/{manifestReference:string}')).toEqual(['manifests.get']);
    expect(wrappedBy('GET', '/consignments/manifests?shippingLocationReference=XYZ')).toEqual([
      'manifests.list',
    ]);
  });

  it('reports an operation that fits no endpoint, and an endpoint neither wrapped nor given a reason', () => {
    const stray = {
      path: 'stray.read',
      operations: [{ name: 'strayRead', method: 'GET', path: 'nowhere/{x}' }],
    };
    const unknown = { verb: 'GET', path: '/nowhere-else', title: 'Unknown Read' };
    const { problems } = coverage([...data.endpoints, unknown], [...ordersMethods, stray]);
    expect(problems).toContainEqual(expect.stringContaining('strayRead (GET /nowhere/{x})'));
    expect(problems).toContainEqual(expect.stringContaining('GET /nowhere-else (Unknown Read)'));
  });

  it('leaves out what issue 48 says, for its reasons', () => {
    const reason = (verb: string, path: string) => reasonFor({ verb, path });
    expect(reason('PUT', '/roles')).toMatch(/account administration/);
    expect(reason('PUT', '/security/signout')).toMatch(/account administration/);
    expect(reason('POST', '/carrierTrackingEvents')).toMatch(/carriers call it/);
    expect(reason('GET', '/rates/management/static/dimensionunits')).toMatch(/rate management/);
    for (const [verb, path] of [
      ['POST', '/servicegroups'],
      ['PUT', '/packagesizes/{packageSizeReference:string}'],
      ['DELETE', '/shippinglocations/{shippingLocationReference:string}'],
      ['POST', '/collectioncalendar/addrule/{shippingLocationReference:string}/{mpdCarrierReference:string}'],
    ] as const) {
      expect(reason(verb, path)).toMatch(/web application/);
    }
    for (const path of [
      '/events/consignments',
      '/events/consignments/summary',
      '/events/consignmentstateevents',
    ]) {
      expect(reason('POST', path)).toMatch(/^not typed with confidence: .*PackagePayload|bare list/);
    }
    // The reads are not set-up: a rule must not swallow them.
    expect(reason('GET', '/collectioncalendar/{a:string}/{b:string}')).toBeUndefined();
    expect(reason('GET', '/servicegroups/{serviceGroupReference:string}')).toBeUndefined();
  });

  it('keeps GUIDE_ONLY to operations that exist and fit no endpoint', () => {
    const declared = new Set<string>(
      ordersMethods.flatMap((method) => method.operations.map((op) => op.name)),
    );
    const fitted = new Set(covered().rows.flatMap((row) => row.operations));
    for (const name of GUIDE_ONLY) {
      expect(declared.has(name), name).toBe(true);
      expect(fitted.has(name), name).toBe(false);
    }
  });
});
