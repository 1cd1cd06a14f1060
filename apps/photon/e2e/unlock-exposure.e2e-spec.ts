// The unlock guard in every topology (issue 10, item 4): a call that came through a gateway listening
// on a non-loopback address never signs with an unlocked account — unlocked at start or by RPC —
// unless the service that signs was given --allow-insecure-unlock. In the NATS topology one keystore
// serves a loopback gateway and a public one at once: each call is judged by its own gateway.
import {
  type ClusterStack,
  type PhotonProcess,
  addGateway,
  devWallet,
  rpc,
  startPhotonStack,
  waitFor,
} from '@photon/testing';
import { encryptKeystoreJson } from 'ethers';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestTier } from './in-process-app';

jest.setTimeout(120_000);

const PASSPHRASE = 'exposure pw';
const RECIPIENT = '0x000000000000000000000000000000000000beef';
const SIGNING_FORBIDDEN = {
  code: -32000,
  message: 'signing with an unlocked account is forbidden on a non-loopback listener',
};
const UNLOCK_FORBIDDEN = { code: -32000, message: 'account unlock with HTTP access is forbidden' };

/** A funded dev account's key file (cheap scrypt), as `--unlock-key` finds it in the keystore dir. */
async function keystoreWithDevKey(): Promise<{ dir: string; address: string; passphraseFile: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'photon-exposure-'));
  const wallet = devWallet(6);
  const json = await encryptKeystoreJson(
    { address: wallet.address, privateKey: wallet.privateKey },
    PASSPHRASE,
    { scrypt: { N: 1 << 12 } },
  );
  const address = wallet.address.toLowerCase();
  await writeFile(join(dir, `UTC--2026-01-01T00-00-00.000000000Z--${address.slice(2)}`), json, {
    mode: 0o600,
  });
  const passphraseFile = join(dir, 'passphrase');
  await writeFile(passphraseFile, `${PASSPHRASE}\n`, { mode: 0o600 });
  return { dir, address, passphraseFile };
}

const transfer = (from: string) => [{ from, to: RECIPIENT, value: '0x1' }];

async function minedStatus(httpUrl: string, hash: string): Promise<string> {
  let status: string | undefined;
  await waitFor(
    async () => {
      status = (await rpc<{ status: string } | null>(httpUrl, 'eth_getTransactionReceipt', [hash])).result
        ?.status;
      return status !== undefined;
    },
    { what: `the receipt of ${hash}`, timeoutMs: 20_000 },
  );
  return status!;
}

describe('unlocked accounts in the NATS topology (keystore unlocks at start)', () => {
  let stack: ClusterStack;
  let keys: Awaited<ReturnType<typeof keystoreWithDevKey>>;
  let publicGateway: PhotonProcess;
  let publicUrl: string;

  beforeAll(async () => {
    keys = await keystoreWithDevKey();
    stack = await startPhotonStack('cluster', {
      extraArgs: [
        '--rpc-api',
        'eth,net,web3,personal',
        '--keystore-dir',
        keys.dir,
        '--unlock-key',
        keys.address,
        '--passphrase-file',
        keys.passphraseFile,
        '--log-level',
        'warn',
      ],
    });
    // A second gateway of the same tier, on every interface: what a public endpoint runs.
    const gateway = await addGateway(
      stack,
      ['--rpc-api', 'eth,net,web3,personal', '--log-level', 'warn'],
      '0.0.0.0',
    );
    publicGateway = gateway.process;
    publicUrl = gateway.httpUrl;
  });
  afterAll(async () => {
    await publicGateway?.stop();
    await stack?.stop();
    await rm(keys.dir, { recursive: true, force: true });
  });

  it('error: through the public gateway the account unlocked at start neither signs nor sends', async () => {
    expect((await rpc(publicUrl, 'eth_sendTransaction', transfer(keys.address))).error).toEqual(
      SIGNING_FORBIDDEN,
    );
    expect((await rpc(publicUrl, 'eth_sign', [keys.address, '0x01'])).error).toEqual(SIGNING_FORBIDDEN);
    expect((await rpc(publicUrl, 'personal_unlockAccount', [keys.address, PASSPHRASE])).error).toEqual(
      UNLOCK_FORBIDDEN,
    );
  });

  it('behavior: through the loopback gateway of the same tier it sends, and the tx is mined', async () => {
    const sent = await rpc<string>(stack.httpUrl, 'eth_sendTransaction', transfer(keys.address));
    expect(sent.error).toBeUndefined();
    expect(await minedStatus(stack.httpUrl, sent.result!)).toBe('0x1');
  });

  it('behavior: a per-call passphrase still sends through the public gateway, as in geth', async () => {
    const sent = await rpc<string>(publicUrl, 'personal_sendTransaction', [
      ...transfer(keys.address),
      PASSPHRASE,
    ]);
    expect(sent.error).toBeUndefined();
    expect(await minedStatus(publicUrl, sent.result!)).toBe('0x1');
  });
});

describe('unlocked accounts in photon start on a non-loopback --laddr', () => {
  it('args: --allow-insecure-unlock lets the account unlocked at start send', async () => {
    const keys = await keystoreWithDevKey();
    const tier = await startTestTier(
      [
        '--rpc-api',
        'eth,net,web3,personal',
        '--keystore-dir',
        keys.dir,
        '--unlock-key',
        keys.address,
        '--passphrase-file',
        keys.passphraseFile,
        '--allow-insecure-unlock',
        '--block-time',
        '200ms',
      ],
      '0.0.0.0',
    );
    try {
      const sent = await rpc<string>(tier.httpUrl, 'eth_sendTransaction', transfer(keys.address));
      expect(sent.error).toBeUndefined();
      expect(await minedStatus(tier.httpUrl, sent.result!)).toBe('0x1');
    } finally {
      await tier.close();
      await rm(keys.dir, { recursive: true, force: true });
    }
  });

  it('error: without it, an account unlocked by RPC does not sign', async () => {
    const keys = await keystoreWithDevKey();
    const tier = await startTestTier(
      ['--rpc-api', 'eth,net,web3,personal', '--keystore-dir', keys.dir],
      '0.0.0.0',
    );
    try {
      expect((await rpc(tier.httpUrl, 'personal_unlockAccount', [keys.address, PASSPHRASE])).error).toEqual(
        UNLOCK_FORBIDDEN,
      );
      expect((await rpc(tier.httpUrl, 'eth_sendTransaction', transfer(keys.address))).error).toEqual(
        SIGNING_FORBIDDEN,
      );
    } finally {
      await tier.close();
      await rm(keys.dir, { recursive: true, force: true });
    }
  });
});
