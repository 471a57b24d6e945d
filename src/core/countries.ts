/**
 * ISO 3166-1 alpha-2 country codes: what both areas take where a country belongs (`country_iso_code`,
 * `Country.IsoCode.TwoLetterCode`), and the code a country's name (`United Kingdom`) or a common
 * misspelling (`UK`, `GBR`) stands for, so that a refusal can say which code was meant.
 */

/**
 * The 249 officially assigned alpha-2 codes, as one bit per two-letter combination from `AA` to `ZZ`
 * (26 by 26, in that order, four to a hex digit): 0.3 kB less than the codes written out, once an
 * application's bundle is compressed. `test/core/countries.test.ts` holds it to the list of codes.
 */
const ASSIGNED =
  '1e9afb77f7bdbb7be4fc21a8012b0070003a900df9dfa800b160181ef00202c000b8d42f8281f2bf3fffeba4d2100080023cf1ca80000002008a8fbfe75cddf959820820eaa102004002000000000800102002008';

/** Whether the combination at `index` (`AA` is 0, `AB` 1, `ZZ` 675) is an assigned code. */
const assignedAt = (index: number) =>
  ((Number.parseInt(ASSIGNED[index >> 2]!, 16) >> (3 - (index & 3))) & 1) === 1;

/** Whether `value` is an assigned ISO 3166-1 alpha-2 code, in either case (`GB`, `gb`). */
export function isCountryCode(value: unknown): value is string {
  if (typeof value !== 'string' || !/^[A-Za-z]{2}$/.test(value)) return false;
  const code = value.toUpperCase();
  return assignedAt((code.charCodeAt(0) - 65) * 26 + code.charCodeAt(1) - 65);
}

/** Names and codes people write for a country that are not its alpha-2 code, nor its English name. */
const OTHER_NAMES: Record<string, string> = {
  uk: 'GB',
  britain: 'GB',
  'great britain': 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  gbr: 'GB',
  usa: 'US',
  america: 'US',
  'united states of america': 'US',
  holland: 'NL',
  deu: 'DE',
  fra: 'FR',
  esp: 'ES',
  ita: 'IT',
  nld: 'NL',
  irl: 'IE',
  bel: 'BE',
  che: 'CH',
  aut: 'AT',
  prt: 'PT',
  pol: 'PL',
  swe: 'SE',
  dnk: 'DK',
  nor: 'NO',
  fin: 'FI',
  can: 'CA',
  aus: 'AU',
  nzl: 'NZ',
  jpn: 'JP',
  chn: 'CN',
};

/** `Côte d’Ivoire`, `cote d'ivoire` and `the Netherlands` alike: lower case, no accents, no leading "the". */
const normalise = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[’']/g, "'")
    .replace(/&/g, 'and')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^the /, '');

let byName: Map<string, string> | undefined;

/** English names of every code, from the runtime's own `Intl` data (none where it has no such data). */
function namesOfCodes(): Map<string, string> {
  if (byName) return byName;
  byName = new Map();
  try {
    const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    for (let index = 0; index < 26 * 26; index++) {
      if (!assignedAt(index)) continue;
      const code = String.fromCharCode(65 + Math.floor(index / 26), 65 + (index % 26));
      const name = names.of(code);
      if (name) byName.set(normalise(name), code);
    }
  } catch {
    // A runtime without Intl.DisplayNames: the names table below still answers.
  }
  return byName;
}

/** The alpha-2 code `text` names (`United Kingdom`, `UK`, `gbr`, `France`), or undefined. */
export function countryCodeFor(text: string): string | undefined {
  const key = normalise(text);
  return OTHER_NAMES[key] ?? namesOfCodes().get(key);
}

/**
 * Why `value` is no country code, with the code meant when the value names a country: for a refusal's
 * message. `expected an ISO 3166-1 alpha-2 country code (2 letters, such as GB); 'United Kingdom' is GB`.
 */
export function describeCountryCode(value: unknown): string {
  const expected = 'expected an ISO 3166-1 alpha-2 country code (2 letters, such as GB)';
  if (typeof value !== 'string') return expected;
  const meant = countryCodeFor(value);
  return meant ? `${expected}; for '${value}' send ${meant}` : `${expected}, got '${value}'`;
}
