import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockService } from '../../src/testing/index.js';
import { orderInput } from '../support/fixtures.js';
import { shipmentRequest } from '../support/shipment-lifecycle.js';

// The mock refuses the addresses the service refuses, over plain HTTP as an integration would meet it:
// the vendor's own refused email (`test@something`), a postcode in no country's format, a country name
// where the ISO code belongs. Each answer has the area's error shape.

const mock = createMockService();
let server: Awaited<ReturnType<typeof mock.listen>>;
beforeAll(async () => {
  server = await mock.listen(0);
});
afterAll(() => server.close());

async function post(url: string, headers: Record<string, string>, body: unknown) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

describe('area B addresses (Create Shipment)', () => {
  const create = (change: (destination: Record<string, unknown>) => void) => {
    const request = shipmentRequest();
    change(request.addresses[1] as Record<string, unknown>);
    return post(
      `${server.shipmentsUrl}/shipments`,
      { 'x-api-key': mock.apiKey, 'x-api-version': '1.1' },
      request,
    );
  };

  it("refuses the vendor's own invalid email, test@something, as its validation_error example does", async () => {
    const answer = await create((destination) => {
      (destination.contact as { contact_details: { email: string } }).contact_details.email =
        'test@something';
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      reference: expect.stringMatching(/^er_\d{32}$/),
      correlation_id: expect.any(String),
      code: 'validation_error',
      details: [
        {
          property: '$.addresses[1].contact.contact_details.email',
          code: 'invalid_format',
          message: "'test@something' is not a valid email address",
        },
      ],
    });
  });

  it('refuses a 60-character postcode, and one of another country, but takes the country’s own', async () => {
    const long = await create((destination) => {
      destination.postal_code = 'Y'.repeat(60);
    });
    expect(long.status).toBe(400);
    expect(long.body.details).toEqual([
      expect.objectContaining({ property: '$.addresses[1].postal_code', code: 'invalid_format' }),
    ]);
    const french = await create((destination) => {
      destination.country_iso_code = 'FR';
    });
    expect(french.body.details[0].message).toBe("'YO1 1AA' is not a valid postcode for FR");
    const paris = await create((destination) => {
      destination.country_iso_code = 'FR';
      destination.postal_code = '75001';
    });
    expect(paris.status).toBe(201);
  });

  it('refuses a country name or an unassigned code where the ISO 3166-1 alpha-2 code belongs', async () => {
    for (const country of ['UK', 'XX']) {
      const answer = await create((destination) => {
        destination.country_iso_code = country;
      });
      expect(answer.status).toBe(400);
      expect(answer.body.details).toContainEqual(
        expect.objectContaining({ property: '$.addresses[1].country_iso_code', code: 'invalid_format' }),
      );
    }
    const name = await create((destination) => {
      destination.country_iso_code = 'United Kingdom';
    });
    expect(name.status).toBe(400);
    expect(name.body.details.map((detail: { code: string }) => detail.code)).toContain('invalid_length');
  });
});

describe('area A addresses (Create Order)', () => {
  const create = (change: (destination: Record<string, unknown>) => void) => {
    const order = orderInput() as unknown as { Addresses: Record<string, unknown>[] };
    change(order.Addresses[1]!);
    return post(`${server.ordersUrl}/orders`, { 'ocp-apim-subscription-key': mock.apiKey }, order);
  };

  it('refuses an invalid contact email, a postcode out of its country’s format and an unknown country', async () => {
    const email = await create((destination) => {
      destination.Contact = { FirstName: 'Ada', LastName: 'Lovelace', Email: 'test@something' };
    });
    expect(email.status).toBe(400);
    expect(email.body).toMatchObject({
      Code: 'InvalidRequest',
      CorrelationId: expect.any(String),
      Details: [{ Code: 'InvalidValue', Target: 'Addresses[1].Contact.Email' }],
    });
    expect(email.body.Message).toContain("'test@something' is not a valid email address");

    const postcode = await create((destination) => {
      destination.Postcode = 'M'.repeat(60);
    });
    expect(postcode.status).toBe(400);
    expect(postcode.body.Details[0].Target).toBe('Addresses[1].Postcode');

    const country = await create((destination) => {
      destination.Country = { IsoCode: { TwoLetterCode: 'United Kingdom' } };
    });
    expect(country.status).toBe(400);
    expect(country.body.Details[0].Target).toBe('Addresses[1].Country.IsoCode.TwoLetterCode');
    expect(country.body.Message).toContain("for 'United Kingdom' send GB");

    const valid = await create(() => {});
    expect(valid.status).toBe(201);
  });
});
