import { describe, expect, it } from 'vitest';
import { countryCodeFor, isCountryCode } from '../../src/core/countries.js';
import { RequestValidationError, ShipmentsClient } from '../../src/index.js';
import { createMockService } from '../../src/testing/index.js';
import { shipmentRequest } from '../support/shipment-lifecycle.js';

// A country's name where its ISO code belongs is the commonest address mistake: the refusal names the
// standard and, when the name is recognisable, the code that was meant. Nothing is sent.

async function refusal(country: string) {
  const sent: string[] = [];
  const mock = createMockService();
  const shipments = new ShipmentsClient({
    apiKey: mock.apiKey,
    fetch: (input, init) => {
      sent.push(String(input));
      return mock.fetch(input, init);
    },
  });
  const request = shipmentRequest();
  (request.addresses[1] as { country_iso_code: string }).country_iso_code = country;
  const error = await shipments.create(request as never).catch((caught: unknown) => caught);
  return { error: error as RequestValidationError, sent };
}

describe('a country code', () => {
  it.each([
    ['United Kingdom', 'GB'],
    ['UK', 'GB'],
    ['France', 'FR'],
    ['germany', 'DE'],
    ['the Netherlands', 'NL'],
    ['USA', 'US'],
    ["Côte d'Ivoire", 'CI'],
  ])('refuses %s, naming ISO 3166-1 alpha-2 and the code %s, before sending', async (country, code) => {
    const { error, sent } = await refusal(country);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error.message).toContain(
      'addresses[1].country_iso_code: expected an ISO 3166-1 alpha-2 country code',
    );
    expect(error.message).toContain(`for '${country}' send ${code}`);
    expect(error.message).not.toContain('at most 2 characters');
    expect(sent).toEqual([]);
  });

  it('refuses an unassigned two-letter code without guessing, and sends an assigned one', async () => {
    const { error } = await refusal('XX');
    expect(error.message).toContain("country code (2 letters, such as GB), got 'XX'");
    const { error: accepted, sent } = await refusal('FR');
    // FR with a York postcode: the client sends it, and the mock refuses the postcode as the service would.
    expect(sent).toHaveLength(1);
    expect(accepted).toMatchObject({ status: 400, code: 'validation_error' });
  });
});

describe('the assigned codes', () => {
  // ISO 3166-1 alpha-2's 249 officially assigned codes, written out: the table in src/core/countries.ts
  // is packed, and this is what it must unpack to.
  const ASSIGNED = new Set(
    'ADAEAFAGAIALAMAOAQARASATAUAWAXAZBABBBDBEBFBGBHBIBJBLBMBNBOBQBRBSBTBVBWBYBZCACCCDCFCGCHCICKCLCMCNCOCRCUCVCWCXCYCZDEDJDKDMDODZECEEEGEHERESETFIFJFKFMFOFRGAGBGDGEGFGGGHGIGLGMGNGPGQGRGSGTGUGWGYHKHMHNHRHTHUIDIEILIMINIOIQIRISITJEJMJOJPKEKGKHKIKMKNKPKRKWKYKZLALBLCLILKLRLSLTLULVLYMAMCMDMEMFMGMHMKMLMMMNMOMPMQMRMSMTMUMVMWMXMYMZNANCNENFNGNINLNONPNRNUNZOMPAPEPFPGPHPKPLPMPNPRPSPTPWPYQARERORSRURWSASBSCSDSESGSHSISJSKSLSMSNSOSRSSSTSVSXSYSZTCTDTFTGTHTJTKTLTMTNTOTRTTTVTWTZUAUGUMUSUYUZVAVCVEVGVIVNVUWFWSYEYTZAZMZW'.match(
      /../g,
    ),
  );

  it('are exactly the 249 officially assigned codes, in either case, and no other two letters', () => {
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    const accepted = [...letters].flatMap((first) =>
      [...letters].map((second) => first + second).filter((code) => isCountryCode(code)),
    );
    expect(accepted).toEqual([...ASSIGNED]);
    expect([...ASSIGNED].every((code) => isCountryCode(code.toLowerCase()))).toBe(true);
    expect(['G', 'GBR', 'G1', '', 'gB ', 42].some((value) => isCountryCode(value))).toBe(false);
  });

  it('each name their country', () => {
    expect(
      ['ZW', 'AD', 'GB'].map((code) =>
        countryCodeFor(new Intl.DisplayNames(['en'], { type: 'region' }).of(code)!),
      ),
    ).toEqual(['ZW', 'AD', 'GB']);
  });
});
