import { ConfigurationError } from './errors.js';

/** Replaced by the build (tsup `define`) and the tests (vitest `define`) with package.json's version. */
declare const __CONSIGNKIT_VERSION__: string | undefined;

/** The SDK's version, from package.json at build time; `0.0.0-dev` when run from source without a build. */
export const VERSION: string =
  typeof __CONSIGNKIT_VERSION__ === 'string' ? __CONSIGNKIT_VERSION__ : '0.0.0-dev';

/**
 * The application that uses the SDK, appended to the `User-Agent` of every request so that the service's
 * support staff can see who calls: `{ name: 'acme-dispatch', version: '2.3.1', url: 'https://acme.example' }`
 * gives `… acme-dispatch/2.3.1 (+https://acme.example)`.
 */
export interface AppInfo {
  /** The application's name: an HTTP token (letters, digits and `!#$%&'*+-.^_|~`, no spaces or `/`). */
  name: string;
  /** Its version, an HTTP token too. */
  version?: string | undefined;
  /** Where to learn more about it or reach its owners; no parentheses or line breaks. */
  url?: string | undefined;
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const URL_TEXT = /^[\x21-\x27\x2a-\x7e]+$/;

type Globals = {
  process?: { versions?: { node?: string; bun?: string } } | undefined;
  Deno?: { version?: { deno?: string } } | undefined;
  Bun?: { version?: string } | undefined;
  navigator?: { userAgent?: string } | undefined;
  document?: unknown | undefined;
};

/** `<runtime>/<version>`, or `undefined` in a browser, where the browser's own User-Agent is sent. */
function runtime(): string | undefined {
  const g = globalThis as Globals;
  if (g.Bun?.version) return `bun/${g.Bun.version}`;
  if (g.Deno?.version?.deno) return `deno/${g.Deno.version.deno}`;
  if (g.process?.versions?.node) return `node/${g.process.versions.node}`;
  if (g.document !== undefined) return undefined;
  if (g.navigator?.userAgent === 'Cloudflare-Workers') return 'workerd';
  return 'unknown';
}

/** Checks `appInfo` at construction: what goes into a header must be sendable and readable there. */
export function checkAppInfo(appInfo: unknown): AppInfo | undefined {
  if (appInfo === undefined) return undefined;
  if (appInfo === null || typeof appInfo !== 'object' || Array.isArray(appInfo)) {
    throw new ConfigurationError('appInfo must be an object: { name, version?, url? }');
  }
  const { name, version, url } = appInfo as Record<string, unknown>;
  if (typeof name !== 'string' || !TOKEN.test(name)) {
    throw new ConfigurationError(
      `appInfo.name must be a name without spaces or '/' (an HTTP token), got ${JSON.stringify(name)}`,
    );
  }
  if (version !== undefined && (typeof version !== 'string' || !TOKEN.test(version))) {
    throw new ConfigurationError(
      `appInfo.version must be a version without spaces or '/' (an HTTP token), got ${JSON.stringify(version)}`,
    );
  }
  if (url !== undefined && (typeof url !== 'string' || !URL_TEXT.test(url))) {
    throw new ConfigurationError(
      `appInfo.url must be printable ASCII without spaces or parentheses, got ${JSON.stringify(url)}`,
    );
  }
  return { name, version: version as string | undefined, url: url as string | undefined };
}

/**
 * `consignkit/<version> (<runtime>/<version>)`, then the application's `name/version (+url)`. `undefined`
 * in a browser: it sends its own User-Agent (a script may not replace it), and a custom header would turn
 * every request into a CORS preflight.
 */
export function userAgent(appInfo: AppInfo | undefined): string | undefined {
  const where = runtime();
  if (where === undefined) return undefined;
  let agent = `consignkit/${VERSION} (${where})`;
  if (appInfo) {
    agent += ` ${appInfo.name}${appInfo.version ? `/${appInfo.version}` : ''}`;
    if (appInfo.url) agent += ` (+${appInfo.url})`;
  }
  return agent;
}
