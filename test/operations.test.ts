import { describe, expect, it } from 'vitest';
import renames from '../migrations/0.3.0.json' with { type: 'json' };
import { vendorTitles } from '../scripts/vendor-titles.mjs';
import { methodsByArea } from '../src/operation-catalog.js';
import { ordersArea } from '../src/testing/orders/area.js';
import type { Route } from '../src/testing/router.js';
import { shipmentsArea } from '../src/testing/shipments/area.js';
import surface02 from './cli/migrate/surface-0.2.0.json' with { type: 'json' };
import { OPERATIONS } from './reliability/operations.js';
import { DECLARED } from './support/operations.js';

/**
 * Nothing restated by hand: every operation the clients declare (found by walking them and their
 * resources) must be exercised by the reliability suites, served by the mock under its own name, titled
 * after the vendor's operation, and, when a retry may not resend it, carry the rule `reconcile` settles a
 * lost answer by. Every public method declares what it sends, and the rename table of 0.3.0 names every
 * method of the surface.
 */

const routesOf = { orders: ordersArea.routes, shipments: shipmentsArea.routes };

/** `consignments/{take}/{skip}` and `/consignments/:take/:skip` as one shape, the trailing slash aside. */
const shapeOf = (path: string) =>
  `/${path}`
    .replace(/\{\w+\}/g, ':')
    .replace(/:\w+/g, ':')
    .replace(/\/+$/, '')
    .replace(/^\/+/, '/');

const entries = DECLARED.map(
  (declared) =>
    [
      `${declared.area} ${declared.operation.name} ${declared.operation.method} ${declared.operation.path}`,
      declared,
    ] as const,
);

describe('every declared operation', () => {
  it('is found in both areas: the walk sees what the lists hold', () => {
    expect(DECLARED.filter(({ area }) => area === 'orders').length).toBeGreaterThan(30);
    expect(DECLARED.filter(({ area }) => area === 'shipments').length).toBeGreaterThan(10);
  });

  it('has an id of its own across both areas: error.operation, hooks, the mock and the ledger name one operation', () => {
    const areasOf = new Map<string, Set<string>>();
    for (const { area, operation } of DECLARED) {
      areasOf.set(operation.name, (areasOf.get(operation.name) ?? new Set()).add(area));
    }
    const shared = [...areasOf].filter(([, areas]) => areas.size > 1).map(([name]) => name);
    expect(shared).toEqual([]);
  });

  it.each(entries)('%s has a reliability case', (_, { operation }) => {
    const cases = OPERATIONS.filter(
      (entry) => entry.name === operation.name || (entry.faultOn ?? entry.name) === operation.name,
    );
    expect(cases.map((entry) => entry.name)).not.toEqual([]);
  });

  it.each(entries)('%s has a mock route of the same name, method and path', (_, { area, operation }) => {
    const routes: Route[] = routesOf[area];
    const served = routes.filter(
      (route) =>
        route.operation === operation.name &&
        route.method === operation.method &&
        shapeOf(route.pattern) === shapeOf(operation.path),
    );
    expect(served, `no ${operation.method} ${operation.path} route named ${operation.name}`).not.toEqual([]);
  });

  // The titles are read from the declarations' `@vendor` tags, not from the declarations: no bundle pays for them.
  const { titles, problems } = vendorTitles();

  it('has its vendor title in a @vendor tag on a declaration that names one operation id', () => {
    expect(problems).toEqual([]);
  });

  it.each(entries)(
    '%s names the vendor operation it sends (a @vendor tag on its declaration)',
    (_, { operation }) => {
      expect(titles[operation.name]?.[0]).toMatch(/\S/);
    },
  );

  it.each(entries.filter(([, { operation }]) => operation.retry === 'non-repeatable'))(
    '%s is non-repeatable, and carries an outcome rule',
    (_, { operation }) => {
      const rule = operation.outcome;
      expect(rule, `${operation.name} has no outcome rule`).toBeDefined();
      if (rule && 'unsettled' in rule) expect(rule.unsettled).toMatch(/\S/);
      // Adding or deleting a package leaves the consignment's state: its packages are read instead.
      else if (rule && 'package' in rule) expect(['added', 'deleted']).toContain(rule.package);
      // Settled by its own reads (settledByReading): it says what it does, and reads.
      else if (rule && 'settle' in rule) {
        expect(rule.does).toMatch(/\S/);
        expect(rule.settle).toBeTypeOf('function');
      } else expect(rule).toEqual({ from: expect.any(Array), to: expect.any(Array) });
    },
  );
});

describe('every public method of a client and of its resources', () => {
  const methods = Object.values(methodsByArea()).flat();

  it.each(methods.map((method) => [`${method.client}.${method.path}`, method] as const))(
    '%s declares the operations it sends (a static of its name on its class)',
    (_, method) => {
      expect(method.operations).not.toEqual([]);
    },
  );

  it('is, when 0.2.0 had it, in the rename table of 0.3.0, and every new path of the table is a method', () => {
    const paths = new Set(methods.map((method) => `${method.client}.${method.path}`));
    const targets = Object.entries(renames).map(([old, path]) => `${old.split('.')[0]}.${path}`);
    expect(targets.filter((target) => !paths.has(target))).toEqual([]);
    // The table's old names are exactly 0.2.0's methods, but for what kept its name (each client's reconcile).
    const released = (['OrdersClient', 'ShipmentsClient'] as const).flatMap((client) =>
      surface02[client].map((name) => `${client}.${name}`),
    );
    expect(Object.keys(renames).sort()).toEqual(
      released.filter((name) => !name.endsWith('.reconcile')).sort(),
    );
  });
});
