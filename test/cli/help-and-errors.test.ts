import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COMMAND_HELP } from '../../src/cli/help.js';
import { ConnectionError } from '../../src/index.js';
import { createMockService, type MockServer } from '../../src/testing/index.js';
import { cli, lines } from '../support/cli.js';

// Help, usage and errors of the command in process, against the mock's real HTTP server (--base-url).
const mock = createMockService();
let server: MockServer;
let folder: string;
const env = () => ({ CONSIGNKIT_API_KEY: mock.apiKey });

const seedShipment = () => mock.store.shipments.addShipment().reference;

beforeAll(async () => {
  server = await mock.listen(0);
});
afterAll(() => server.close());
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'consignkit-cli-'));
});
afterEach(async () => {
  mock.reset();
  await rm(folder, { recursive: true, force: true });
});

describe('help and usage', () => {
  it('--help lists every command and exits 0', async () => {
    const { code, stdout, stderr } = await cli(['--help']);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    for (const command of [
      'demo',
      'labels <ref...>',
      'contents-label',
      'manifests list',
      'manifests get',
      'orders get',
      'mock',
    ]) {
      expect(stdout).toContain(command);
    }
    expect(stdout).toMatch(/Exit codes: 0 success, 1 .*, 2 bad usage/);
  });

  it.each(Object.keys(COMMAND_HELP))('%s --help shows its usage and exits 0', async (command) => {
    const { code, stdout } = await cli([command, '--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(new RegExp(`^Usage: consignkit ${command}`));
    await expect(cli(['help', command])).resolves.toMatchObject({ code: 0, stdout });
  });

  it('no command prints the help on stderr and exits 2', async () => {
    const { code, stdout, stderr } = await cli([]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('Usage: consignkit <command>');
  });

  it.each([
    [['ship'], "consignkit: unknown command 'ship' (see consignkit --help)"],
    [['labels', '--bogus'], "consignkit: unknown option '--bogus' (see consignkit labels --help)"],
    [
      ['labels', 'sp_1', '--port', '1'],
      'consignkit: labels does not take --port (see consignkit labels --help)',
    ],
    [
      ['demo', '--base-url', 'http://x'],
      'consignkit: demo does not take --base-url (see consignkit demo --help)',
    ],
    [
      ['labels'],
      'consignkit: give shipment or consignment references, or --group (see consignkit labels --help)',
    ],
    [
      ['manifests'],
      'consignkit: manifests needs a subcommand: manifests list, manifests get (see consignkit manifests --help)',
    ],
    [['orders', 'list'], "consignkit: unknown command 'orders list' (see consignkit orders --help)"],
    [
      ['orders', 'get', 'EO-1', 'EO-2'],
      'consignkit: orders get takes 1 argument, got 2 (see consignkit orders --help)',
    ],
    [
      ['labels', 'sp_1', '--dpi', 'high'],
      "consignkit: --dpi must be a number (203, 300 or 600), got 'high' (see consignkit --help)",
    ],
    [
      ['mock', '--port', 'x'],
      "consignkit: --port must be a port number (0 to 65535), got 'x' (see consignkit mock --help)",
    ],
  ])('%j is bad usage: exit 2 and one line', async (argv, message) => {
    const { code, stdout, stderr } = await cli(argv, env());
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(lines(stderr)).toEqual([message]);
  });

  it('input the SDK refuses before sending is bad usage too, and nothing is sent', async () => {
    const base = ['--base-url', server.shipmentsUrl];
    for (const argv of [
      ['labels', 'not-a-shipment', ...base],
      ['labels', seedShipment(), '--dpi', '150', ...base],
      ['labels', seedShipment(), '--rotation', 'left', ...base],
      ['contents-label', seedShipment(), 'sp_not_contents', ...base],
    ]) {
      const { code, stderr } = await cli(argv, env());
      expect(code, argv.join(' ')).toBe(2);
      expect(lines(stderr)).toEqual([expect.stringMatching(/^consignkit: RequestValidationError: /)]);
    }
    expect(mock.requests()).toEqual([]);
  });

  it('a missing key or a bad environment is exit 2, naming what to set', async () => {
    const missing = await cli(['orders', 'get', 'EO-000-000-001']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(
      /^consignkit: ConfigurationError: .*CONSIGNKIT_ORDERS_API_KEY.*CONSIGNKIT_API_KEY\n$/,
    );
    const environment = await cli(['manifests', 'list', '--environment', 'staging'], env());
    expect(environment.code).toBe(2);
    expect(environment.stderr).toMatch(/^consignkit: ConfigurationError: environment must be .*'staging'\n$/);
  });
});

describe('errors', () => {
  const wrongKey = 'sk_live_do-not-print-me-0123456789';

  it('a wrong key is one line, exit 1, with the class and status and without the key', async () => {
    const { code, stdout, stderr } = await cli(
      ['orders', 'get', 'EO-000-000-001', '--base-url', server.ordersUrl],
      { CONSIGNKIT_API_KEY: wrongKey },
    );
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(lines(stderr)).toEqual([
      expect.stringMatching(/^consignkit: AuthenticationError \(401 InvalidSubscriptionKey\): Access denied/),
    ]);
    expect(stderr).not.toContain(wrongKey);
  });

  it('with --json the error is one JSON line on stderr, still without the key', async () => {
    const { code, stderr } = await cli(
      ['labels', seedShipment(), '--base-url', server.shipmentsUrl, '--json'],
      { CONSIGNKIT_SHIPMENTS_API_KEY: wrongKey },
    );
    expect(code).toBe(1);
    expect(lines(stderr)).toHaveLength(1);
    expect(JSON.parse(stderr)).toEqual({
      error: {
        subject: expect.stringMatching(/^sp_/),
        name: 'AuthenticationError',
        status: 401,
        code: 'unauthorised',
        message: expect.any(String),
      },
    });
    expect(stderr).not.toContain(wrongKey);
  });

  it('a key the service echoes back is never printed', async () => {
    mock.failNext('getOrder', { status: 400, body: { Code: 'Echo', Message: `bad key ${wrongKey}` } });
    const { code, stderr } = await cli(['orders', 'get', 'EO-000-000-001', '--base-url', server.ordersUrl], {
      CONSIGNKIT_API_KEY: wrongKey,
    });
    expect(code).toBe(1);
    expect(stderr).toContain('BadRequestError (400 Echo)');
    expect(stderr).not.toContain(wrongKey);
  });

  it('no answer at all is exit 1 with the error class', async () => {
    const closed = await createMockService().listen(0);
    await closed.close();
    const { code, stderr } = await cli(['manifests', 'list', '--base-url', closed.ordersUrl], env());
    expect(code).toBe(1);
    expect(stderr).toMatch(new RegExp(`^consignkit: ${ConnectionError.name}: `));
  });

  it('the area variable wins over CONSIGNKIT_API_KEY, for its area only', async () => {
    const shipment = seedShipment();
    const keys = { CONSIGNKIT_API_KEY: wrongKey, CONSIGNKIT_SHIPMENTS_API_KEY: mock.apiKey };
    const labels = await cli(['labels', shipment, '--out', folder, '--base-url', server.shipmentsUrl], keys);
    expect(labels.code).toBe(0);
    const list = await cli(['manifests', 'list', '--base-url', server.ordersUrl], keys);
    expect(list.code).toBe(1);
    expect(list.stderr).toContain('AuthenticationError (401');
  });
});
