import { describe, expect, it } from 'vitest';
import vendorTitles from '../../src/cli/mcp/vendor-titles.json' with { type: 'json' };
import { methodsByArea, operationsByArea } from '../../src/operation-catalog.js';

const SHIPMENTS_OPERATIONS = operationsByArea().shipments;

describe('area B operations', () => {
  it('covers every operation of the vendor files, each with its title and a client method of its name', () => {
    const titleOf: Record<string, string[] | undefined> = vendorTitles;
    const titles = SHIPMENTS_OPERATIONS.flatMap((operation) => titleOf[operation.name] ?? []);
    for (const title of [
      'Create Shipment',
      'Get Shipment',
      'Update Shipment',
      'Delete Shipment',
      'Cancel Shipment',
      'Change Shipment State',
      'Shipment State Counts',
      'Create Quote',
      'Get Quote',
      'Create Quote within a Service Group',
      'Allocate Shipments with Default Rules',
      'Allocate Shipments with Filters',
      'Allocate Shipments with Carrier Service',
      'Allocate Shipments with Service Group',
      'Allocate Shipment with Default Rules',
      'Allocate Shipment with Quote',
      'Allocate Shipment with Carrier Service',
      'Allocate Shipment with Service Group',
      'Allocate Shipment with Virtual Service',
      'De-allocate Shipment',
      'Manifest Shipment',
      'Manifest Shipments',
      'Manifest Shipment Group',
      'Get Manifest',
      'Get Tracking Events',
      'Get Collection Note by Shipment Group',
      'Get Collection Note by Custom Reference and Version',
      'Get Collection Note by Custom Reference',
      'Add Paperless Document',
      'Get Paperless Document',
      'Remove Paperless Document',
    ]) {
      expect(titles).toContain(title);
    }
    const methods = methodsByArea().shipments;
    for (const operation of SHIPMENTS_OPERATIONS) {
      expect(titleOf[operation.name]?.[0], operation.name).toBeTruthy();
      const senders = methods.filter((method) => method.operations.includes(operation));
      expect(
        senders.map((method) => method.path),
        operation.name,
      ).not.toEqual([]);
    }
  });

  it("gives each non-repeatable shipment operation an outcome rule over the files' states, or says why none", () => {
    const shipmentOperations = SHIPMENTS_OPERATIONS.filter(
      (operation) =>
        /^(shipments|documents\/paperless)/.test(operation.path) || operation.path.endsWith('/manifest'),
    );
    for (const operation of shipmentOperations.filter((candidate) => candidate.retry === 'non-repeatable')) {
      expect(operation.outcome, operation.name).toBeDefined();
    }
    const createShipment = SHIPMENTS_OPERATIONS.find((operation) => operation.name === 'createShipment');
    expect(createShipment?.outcome).toEqual({ unsettled: expect.stringMatching(/custom_reference/) });
  });
});
