// PassphraseChecks over a real key directory (light scrypt) and the in-memory backoff with a clock
// the test moves: refusals, their end, and the likeness of addresses with and without a key file.
import { Logger } from '@nestjs/common';
import { RpcError } from '@photon/codec';
import { DEFAULT_UNLOCK_BACKOFF, MemoryUnlockBackoff } from '@photon/store';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { KeystoreOptions } from '../keystore-options';
import { KeyStore } from './key-store.service';
import { PassphraseChecks } from './passphrase-checks.service';

const NOBODY = '0x0000000000000000000000000000000000000001';
const CLIENT = '203.0.113.7';
const OTHER_CLIENT = '198.51.100.1';
const WRONG = 'could not decrypt key with given password';

describe(PassphraseChecks.name, () => {
  let dir: string;
  let keys: KeyStore;
  let address: string;
  beforeAll(async () => {
    // Every failure logs a warning; they are expected here.
    Logger.overrideLogger(['error']);
    dir = await mkdtemp(join(tmpdir(), 'photon-passphrase-checks-'));
    keys = new KeyStore({ keystoreDir: dir, lightKdf: true } as KeystoreOptions);
    address = await keys.create('pw');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const start = () => {
    const clock = { now: 1_000_000 };
    const checks = new PassphraseChecks(
      keys,
      new MemoryUnlockBackoff(DEFAULT_UNLOCK_BACKOFF, () => clock.now),
    );
    /** The error message of an attempt, or 'opened'. */
    const attempt = async (who: string, passphrase: string, client: string | undefined = CLIENT) => {
      try {
        (await checks.open(who, passphrase, { remoteAddress: client })).fill(0);
        return 'opened';
      } catch (error) {
        if (error instanceof RpcError && error.code === -32000) return error.message;
        throw error;
      }
    };
    return { clock, attempt };
  };

  it('default: five wrong passphrases, then refusals (the right one too) until the delay passes', async () => {
    const { clock, attempt } = start();
    for (let i = 0; i < 5; i++) expect(await attempt(address, `guess ${i}`)).toBe(WRONG);
    expect(await attempt(address, 'guess 5')).toBe('too many failed passphrase attempts: retry in 1 s');
    expect(await attempt(address, 'pw')).toBe('too many failed passphrase attempts: retry in 1 s');
    clock.now += 1_000;
    expect(await attempt(address, 'pw')).toBe('opened');
    // The success forgot the account's failures: from another client it takes five again.
    for (let i = 0; i < 5; i++) expect(await attempt(address, `again ${i}`, OTHER_CLIENT)).toBe(WRONG);
    expect(await attempt(address, 'again', OTHER_CLIENT)).toMatch(/^too many failed passphrase attempts/);
  });

  it('behavior: the delay doubles with each failure after, up to 60 s', async () => {
    const { clock, attempt } = start();
    for (let i = 0; i < 5; i++) await attempt(address, `guess ${i}`);
    const refusals: string[] = [];
    for (let i = 0; i < 8; i++) {
      clock.now += 60_000;
      expect(await attempt(address, 'wrong')).toBe(WRONG);
      refusals.push(await attempt(address, 'wrong'));
    }
    expect(refusals.map((message) => Number(/retry in (\d+) s/.exec(message)?.[1]))).toEqual([
      2, 4, 8, 16, 32, 60, 60, 60,
    ]);
  });

  it('behavior: the client is refused on every account; other clients still reach the account only if it is not refused', async () => {
    const { attempt } = start();
    const other = await keys.create('other pw');
    for (let i = 0; i < 5; i++) expect(await attempt(NOBODY, `guess ${i}`)).toBe(WRONG);
    expect(await attempt(other, 'other pw')).toMatch(/^too many failed passphrase attempts/);
    expect(await attempt(other, 'other pw', OTHER_CLIENT)).toBe('opened');
    expect(await attempt(NOBODY, 'guess', OTHER_CLIENT)).toMatch(/^too many failed passphrase attempts/);
  });

  it('behavior: an address without a key file answers as one with a file, in words and backoff', async () => {
    const { attempt } = start();
    const known: string[] = [];
    const unknown: string[] = [];
    for (let i = 0; i < 7; i++) {
      known.push(await attempt(address, `guess ${i}`, `10.0.0.${i}`));
      unknown.push(await attempt(NOBODY, `guess ${i}`, `10.0.1.${i}`));
    }
    expect(unknown).toEqual(known);
    expect(known.slice(4)).toEqual([
      WRONG,
      expect.stringMatching(/^too many/),
      expect.stringMatching(/^too many/),
    ]);
  });

  it('behavior: an address without a key file spends the KDF work one with a file does', async () => {
    const timed = async (who: string) => {
      const samples: number[] = [];
      for (let i = 0; i < 7; i++) {
        // A fresh backoff per sample: only the passphrase check is timed.
        const { attempt } = start();
        const began = performance.now();
        expect(await attempt(who, 'wrong', undefined)).toBe(WRONG);
        samples.push(performance.now() - began);
      }
      return samples.sort((a, b) => a - b)[3]!;
    };
    const known = await timed(address);
    const unknown = await timed(NOBODY);
    // Not an instant answer: the same scrypt runs (a loose bound, the box is shared).
    expect(unknown).toBeGreaterThan(known / 3);
  });

  it('args: a call without a client address (a service on its own behalf) backs off per account only', async () => {
    const { attempt } = start();
    for (let i = 0; i < 5; i++) expect(await attempt(address, `guess ${i}`, undefined)).toBe(WRONG);
    expect(await attempt(address, 'pw', OTHER_CLIENT)).toMatch(/^too many failed passphrase attempts/);
    expect(await attempt(NOBODY, 'guess', OTHER_CLIENT)).toBe(WRONG);
  });
});
