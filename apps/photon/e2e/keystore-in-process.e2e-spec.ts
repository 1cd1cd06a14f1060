// The keystore inside `photon start`: the personal namespace stays off unless --rpc-api names it,
// and unlocking is refused on a listener other machines can reach unless --allow-insecure-unlock.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type TestTier, call, post, startTestTier } from './in-process-app';

const NOBODY = '0x0000000000000000000000000000000000000001';

describe('keystore in photon start', () => {
  let keystoreDir: string;
  const tiers: TestTier[] = [];
  beforeAll(async () => {
    keystoreDir = await mkdtemp(join(tmpdir(), 'photon-keys-'));
  });
  afterAll(async () => {
    await Promise.all(tiers.map((tier) => tier.close()));
    await rm(keystoreDir, { recursive: true, force: true });
  });
  const start = async (args: string[], listenHost?: string) => {
    const tier = await startTestTier(['--keystore-dir', keystoreDir, ...args], listenHost);
    tiers.push(tier);
    return async (method: string, params: unknown[] = []) =>
      (await post(tier.httpUrl, call(method, params))).json;
  };

  it('default: personal is off; eth_accounts is served', async () => {
    const rpc = await start([]);
    expect((await rpc('personal_newAccount', ['pw'])).error).toEqual({
      code: -32601,
      message: 'the method personal_newAccount does not exist/is not available',
    });
    expect((await rpc('eth_accounts')).result).toEqual([]);
  });

  it('error: unlocking on a non-loopback listener is refused; --allow-insecure-unlock lets it through', async () => {
    const refusing = await start(['--rpc-api', 'personal'], '0.0.0.0');
    expect((await refusing('personal_unlockAccount', [NOBODY, 'pw'])).error).toEqual({
      code: -32000,
      message: 'account unlock with HTTP access is forbidden',
    });
    const allowing = await start(['--rpc-api', 'personal', '--allow-insecure-unlock'], '0.0.0.0');
    expect((await allowing('personal_unlockAccount', [NOBODY, 'pw'])).error).toEqual({
      code: -32000,
      message: 'could not decrypt key with given password',
    });
  });

  it('error: --unlock-key on a non-loopback listener stops the start', async () => {
    await expect(
      startTestTier(['--keystore-dir', keystoreDir, '--unlock-key', NOBODY], '0.0.0.0'),
    ).rejects.toThrow('--unlock-key: account unlock with HTTP access is forbidden on 0.0.0.0');
  });
});
