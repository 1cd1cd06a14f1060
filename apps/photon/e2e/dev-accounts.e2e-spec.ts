// Dev accounts ready, as on anvil and hardhat (issue 25, item 4): `photon start` with its own devnet on a
// loopback listener holds the ten accounts its banner prints, unlocked until exit, so eth_sendTransaction
// and eth_sign work from them with no other step. Not with --node, not on a public listener unless asked,
// never with --dev-accounts off; the keystore lives with the chain (memory, or --data-dir), not in $HOME.
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type PhotonProcess,
  freePort,
  rpc,
  spawnPhoton,
  waitFor,
  waitForDevnet,
  waitForReady,
} from '@photon/testing';
import { getAddress, getBytes, verifyMessage } from 'ethers';

jest.setTimeout(120_000);

interface Started {
  readonly proc: PhotonProcess;
  readonly httpUrl: string;
  call<R>(
    method: string,
    params?: unknown[],
  ): Promise<{ result?: R; error?: { code: number; message: string } }>;
}

/** The addresses of the "Available Accounts" lines of the banner, in order. */
function bannerAccounts(output: string): string[] {
  return [...output.matchAll(/^\((\d)\) (0x[0-9a-fA-F]{40}) \(/gm)].map((match) => match[2]!);
}

describe('photon start dev accounts', () => {
  let home: string;
  const running: PhotonProcess[] = [];
  beforeEach(async () => {
    home = await mkdtemp(join(tmpdir(), 'photon-home-'));
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((proc) => proc.stop()));
    await rm(home, { recursive: true, force: true });
  });

  async function start(args: readonly string[], host = '127.0.0.1'): Promise<Started> {
    const port = await freePort();
    const proc = spawnPhoton(
      [
        'start',
        '--laddr',
        `tcp://${host}:${port}`,
        '--wsport',
        String(await freePort()),
        '--devnet-laddr',
        `tcp://127.0.0.1:${await freePort()}`,
        '--block-time',
        '200ms',
        ...args,
      ],
      // A home of its own: what the tier writes there (nothing, it should be) is seen.
      { env: { HOME: home } },
    );
    running.push(proc);
    const httpUrl = `http://127.0.0.1:${port}`;
    await waitForReady(httpUrl, { timeoutMs: 60_000 }, proc);
    return { proc, httpUrl, call: (method, params = []) => rpc(httpUrl, method, params) };
  }

  it("default: eth_accounts is the banner's ten; eth_sendTransaction and eth_sign work from them at once", async () => {
    const tier = await start([]);
    const printed = bannerAccounts(tier.proc.output());
    expect(printed).toHaveLength(10);
    expect((await tier.call<string[]>('eth_accounts')).result).toEqual(printed.map((a) => a.toLowerCase()));

    const [from, to] = printed as [string, string];
    const sent = await tier.call<string>('eth_sendTransaction', [{ from, to, value: '0x2a' }]);
    expect(sent.result).toMatch(/^0x[0-9a-f]{64}$/);
    let receipt: unknown = null;
    await waitFor(
      async () => {
        receipt = (await tier.call('eth_getTransactionReceipt', [sent.result])).result ?? null;
        return receipt !== null;
      },
      { timeoutMs: 30_000, intervalMs: 200, what: 'the receipt of the dev account transfer' },
    );
    expect(receipt).toMatchObject({ status: '0x1', from: from.toLowerCase() });

    const signature = (await tier.call<string>('eth_sign', [printed[3], '0xdeadbeef'])).result!;
    expect(verifyMessage(getBytes('0xdeadbeef'), signature)).toBe(getAddress(printed[3]!));
    // Nothing was written under $HOME: the keystore lived in memory with the chain.
    expect(existsSync(join(home, '.photon'))).toBe(false);
    // Publicly known keys, but still: no log line after the banner repeats one.
    const output = tier.proc.output();
    const keys = [...output.matchAll(/^\(\d\) (0x[0-9a-f]{64})$/gm)].map((match) => match[1]!);
    expect(keys).toHaveLength(10);
    const afterBanner = output.slice(output.lastIndexOf('WILL BE LOST.'));
    for (const key of keys) expect(afterBanner).not.toContain(key.slice(2));
    tier.proc.child.kill('SIGINT');
    expect(await tier.proc.exited).toBe(0);
  });

  it('args: --dev-accounts off leaves the keystore empty; eth_sendTransaction answers unknown account', async () => {
    const tier = await start(['--dev-accounts', 'off']);
    expect((await tier.call('eth_accounts')).result).toEqual([]);
    const [from, to] = bannerAccounts(tier.proc.output()) as [string, string];
    expect((await tier.call('eth_sendTransaction', [{ from, to, value: '0x1' }])).error).toEqual({
      code: -32000,
      message: 'unknown account',
    });
  });

  it('behavior: with --data-dir the keys are kept in <data-dir>/keystore, once across restarts', async () => {
    const dataDir = join(home, 'chain');
    let tier = await start(['--data-dir', dataDir]);
    const files = await readdir(join(dataDir, 'keystore'));
    expect(files).toHaveLength(10);
    await tier.proc.stop('SIGINT');
    tier = await start(['--data-dir', dataDir]);
    expect(await readdir(join(dataDir, 'keystore'))).toEqual(files);
    const [from, to] = bannerAccounts(tier.proc.output()) as [string, string];
    expect((await tier.call('eth_sendTransaction', [{ from, to, value: '0x1' }])).result).toMatch(
      /^0x[0-9a-f]{64}$/,
    );
  });

  it('behavior: not with --node (another chain), nor on a public listener unless asked', async () => {
    const devnetPort = await freePort();
    const devnet = spawnPhoton(['devnet', '--devnet-laddr', `tcp://127.0.0.1:${devnetPort}`, '--quiet']);
    running.push(devnet);
    await waitForDevnet(`http://127.0.0.1:${devnetPort}`, devnet, 60_000);
    const reading = await start([
      '--node',
      `tcp://127.0.0.1:${devnetPort}`,
      '--keystore-dir',
      join(home, 'k'),
    ]);
    expect((await reading.call('eth_accounts')).result).toEqual([]);

    const open = await start([], '0.0.0.0');
    expect((await open.call('eth_accounts')).result).toEqual([]);
  });

  it('error: --dev-accounts on with a public listener stops the start unless --allow-insecure-unlock', async () => {
    const refused = spawnPhoton([
      'start',
      '--laddr',
      `tcp://0.0.0.0:${await freePort()}`,
      '--dev-accounts',
      'on',
    ]);
    running.push(refused);
    expect(await refused.exited).toBe(2);
    expect(refused.output().trim()).toBe(
      'photon: --dev-accounts on: account unlock with HTTP access is forbidden on 0.0.0.0 (see --allow-insecure-unlock)',
    );
    const allowed = await start(['--dev-accounts', 'on', '--allow-insecure-unlock'], '0.0.0.0');
    expect((await allowed.call<string[]>('eth_accounts')).result).toHaveLength(10);
  });
});
