import { describe, expect, it } from 'vitest';
import { cli } from '../../support/cli.js';

// What `consignkit mcp` refuses before it serves anything: each is bad usage (exit 2), said on one line
// of stderr, with nothing on stdout (the protocol's channel) and no secret.
const KEY = 'sk_live_0a1b2c3d4e5f60718293a4b5c6d7e8f9';

describe('consignkit mcp refuses', () => {
  it('CONSIGNKIT_ENVIRONMENT=production without --environment production', async () => {
    const result = await cli(['mcp', '--tools=read'], {
      CONSIGNKIT_API_KEY: KEY,
      CONSIGNKIT_ENVIRONMENT: 'production',
    });
    expect(result).toMatchObject({ code: 2, stdout: '' });
    expect(result.stderr).toMatch(/^consignkit: .*only with --environment production/);
  });

  it.each(['PRODUCTION', 'Production', ' production '])(
    'CONSIGNKIT_ENVIRONMENT=%j, read in any case as every command reads it',
    async (named) => {
      const result = await cli(['mcp', '--tools=read'], {
        CONSIGNKIT_API_KEY: KEY,
        CONSIGNKIT_ENVIRONMENT: named,
      });
      expect(result).toMatchObject({ code: 2, stdout: '' });
      expect(result.stderr).toMatch(
        /^consignkit: CONSIGNKIT_ENVIRONMENT is production, .*only with --environment production/,
      );
    },
  );

  it('a CONSIGNKIT_ENVIRONMENT that names no environment, rather than running in the sandbox', async () => {
    const result = await cli(['mcp', '--tools=read'], {
      CONSIGNKIT_API_KEY: KEY,
      CONSIGNKIT_ENVIRONMENT: 'prod',
    });
    expect(result).toMatchObject({ code: 2, stdout: '' });
    expect(result.stderr).toContain("CONSIGNKIT_ENVIRONMENT must be sandbox or production, got 'prod'");
  });

  it('production without an allow-list, and an allow-list entry that names no tool', async () => {
    const bare = await cli(['mcp', '--environment', 'production'], { CONSIGNKIT_API_KEY: KEY });
    expect(bare).toMatchObject({ code: 2, stdout: '' });
    expect(bare.stderr).toContain('--tools=read');
    const typo = await cli(['mcp', '--tools=getConsignment,getTraking'], { CONSIGNKIT_API_KEY: KEY });
    expect(typo).toMatchObject({ code: 2, stdout: '' });
    expect(typo.stderr).toContain("no tool is named 'getTraking'");
  });

  it('a missing key, and a base URL with a password, which it never prints', async () => {
    const noKey = await cli(['mcp'], {});
    expect(noKey).toMatchObject({ code: 2, stdout: '' });
    expect(noKey.stderr).toContain('CONSIGNKIT_API_KEY');
    const password = 'hunter2-very-secret';
    const withPassword = await cli(
      ['mcp', '--orders-base-url', `http://agent:${password}@127.0.0.1:9/orders-api`],
      {
        CONSIGNKIT_API_KEY: KEY,
      },
    );
    expect(withPassword).toMatchObject({ code: 2, stdout: '' });
    expect(withPassword.stderr).toContain('credentials');
    expect(withPassword.stderr).not.toContain(password);
    expect(withPassword.stderr).not.toContain(KEY);
  });

  it('--base-url, which names one area where the server talks to both', async () => {
    const result = await cli(['mcp', '--base-url', 'http://127.0.0.1:9'], { CONSIGNKIT_API_KEY: KEY });
    expect(result).toMatchObject({ code: 2, stdout: '' });
    expect(result.stderr).toContain('mcp does not take --base-url');
  });

  it('lists the tools an allow-list offers, with their kind', async () => {
    const result = await cli(
      [
        'mcp',
        '--list',
        '--environment',
        'Production',
        '--tools=getTracking,manifestShipment,getShipmentTracking',
      ],
      {},
    );
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout.split('\n').filter(Boolean)).toEqual([
      expect.stringMatching(/^TOOL +OPERATION +KIND$/),
      expect.stringMatching(/^getTracking +Get Tracking Events +read$/),
      expect.stringMatching(/^manifestShipment +\S.* +write, confirmed$/),
      expect.stringMatching(/^getShipmentTracking +Get Tracking Events +read$/),
    ]);
  });
});
