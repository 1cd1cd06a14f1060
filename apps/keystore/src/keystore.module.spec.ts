// The keystore service's methods through the in-process bus, as the gateway calls them: key files
// in a temporary directory, unlock sessions in the in-memory store with a clock the test moves.
import { ConsoleLogger, type LoggerService } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { BusModule, type CallContext, INTERNAL_CONTEXT, MethodBus } from '@photon/bus';
import { RpcError } from '@photon/codec';
import { KeyWrapper, MemoryUnlockBackoff, MemoryUnlockStore } from '@photon/store';
import { waitFor } from '@photon/testing';
import { Transaction, Wallet, encryptKeystoreJson, getBytes, verifyMessage } from 'ethers';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { keyFileName } from './key-files/key-file-name';
import { KeystoreModule } from './keystore.module';
import type { KeystoreOptions } from './keystore-options';

const RAW_KEY = '4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318';
const RAW_ADDRESS = '0x2c7536e3605d9c16a7a3d7b1898e529396a65c23';

/** What a gateway listening on a loopback address states with every call. */
const LOOPBACK: CallContext = { transport: 'http', exposure: 'loopback' };
const PUBLIC: CallContext = { transport: 'http', exposure: 'public' };

interface Keystore {
  call(method: string, params?: unknown[], context?: CallContext): Promise<unknown>;
  failure(
    method: string,
    params?: unknown[],
    context?: CallContext,
  ): Promise<{ code: number; message: string }>;
  dir: string;
  clock: { now: number };
  close(): Promise<void>;
}

async function startKeystore(
  overrides: Partial<KeystoreOptions> = {},
  logger: LoggerService = new ConsoleLogger({ logLevels: ['error'] }),
): Promise<Keystore> {
  const dir = await mkdtemp(join(tmpdir(), 'photon-keystore-'));
  const clock = { now: Date.now() };
  const options: KeystoreOptions = {
    keystoreDir: dir,
    lightKdf: true,
    chainId: 9000n,
    sessions: new MemoryUnlockStore(KeyWrapper.ephemeral(), () => clock.now),
    backoff: new MemoryUnlockBackoff(undefined, () => clock.now),
    unlockKeys: [],
    passphraseFile: null,
    importKeyFile: null,
    allowInsecureUnlock: false,
    devAccountKeys: [],
    ...overrides,
  };
  const app = await Test.createTestingModule({
    imports: [BusModule.inProcess(), KeystoreModule.register(options)],
  })
    .setLogger(logger)
    .compile();
  try {
    await app.init();
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  const bus = app.get(MethodBus);
  const call = (method: string, params: unknown[] = [], context = LOOPBACK) =>
    bus.request('keystore', { method, params, context }, 30_000);
  return {
    call,
    failure: async (method, params, context) => {
      try {
        await call(method, params, context);
      } catch (error) {
        if (error instanceof RpcError) return { code: error.code, message: error.message };
        throw error;
      }
      throw new Error(`${method} succeeded`);
    },
    dir,
    clock,
    close: async () => {
      await app.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

describe(KeystoreModule.name, () => {
  let keystore: Keystore;
  beforeEach(async () => (keystore = await startKeystore()));
  afterEach(() => keystore.close());

  it('default: a new account is listed by personal_listAccounts and eth_accounts', async () => {
    expect(await keystore.call('eth_accounts')).toEqual([]);
    const address = (await keystore.call('personal_newAccount', ['pw'])) as string;
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(address).not.toBe(address.toLowerCase()); // EIP-55, as geth returns it
    expect(await keystore.call('personal_listAccounts')).toEqual([address.toLowerCase()]);
    expect(await keystore.call('eth_accounts')).toEqual([address.toLowerCase()]);
    expect(await readdir(keystore.dir)).toEqual([
      expect.stringMatching(new RegExp(`--${address.slice(2).toLowerCase()}$`)),
    ]);
  });

  it('default: the unlock life cycle: locked, unlocked, signing, locked again', async () => {
    const address = (await keystore.call('personal_newAccount', ['pw'])) as string;
    expect(await keystore.failure('eth_sign', [address, '0xdead'])).toEqual({
      code: -32000,
      message: 'authentication needed: password or unlock',
    });
    expect(await keystore.failure('personal_unlockAccount', [address, 'wrong'])).toEqual({
      code: -32000,
      message: 'could not decrypt key with given password',
    });
    expect(await keystore.call('personal_unlockAccount', [address, 'pw'])).toBe(true);
    const signature = (await keystore.call('eth_sign', [address, '0xdead'])) as string;
    expect(verifyMessage(getBytes('0xdead'), signature)).toBe(address);
    expect(await keystore.call('personal_ecRecover', ['0xdead', signature])).toBe(address.toLowerCase());
    expect(await keystore.call('personal_lockAccount', [address])).toBe(true);
    expect((await keystore.failure('eth_sign', [address, '0xdead'])).message).toBe(
      'authentication needed: password or unlock',
    );
  });

  it('behavior: unlock lasts 300 s by default, the given seconds, or (0) until the tier stops', async () => {
    const address = (await keystore.call('personal_newAccount', ['pw'])) as string;
    const start = keystore.clock.now;
    await keystore.call('personal_unlockAccount', [address, 'pw']);
    keystore.clock.now = start + 299_999;
    await keystore.call('eth_sign', [address, '0x01']);
    keystore.clock.now = start + 300_000;
    expect((await keystore.failure('eth_sign', [address, '0x01'])).message).toMatch(/^authentication needed/);

    await keystore.call('personal_unlockAccount', [address, 'pw', 1]);
    keystore.clock.now += 1_000;
    expect((await keystore.failure('eth_sign', [address, '0x01'])).message).toMatch(/^authentication needed/);

    await keystore.call('personal_unlockAccount', [address, 'pw', 0]);
    keystore.clock.now += 10 * 365 * 86_400_000;
    await keystore.call('eth_sign', [address, '0x01']);
  });

  it('behavior: unlock for 1 s is refused after expiry on the real clock', async () => {
    const realtime = await startKeystore({ sessions: new MemoryUnlockStore(KeyWrapper.ephemeral()) });
    try {
      const address = (await realtime.call('personal_newAccount', ['pw'])) as string;
      await realtime.call('personal_unlockAccount', [address, 'pw', 1]);
      await realtime.call('eth_sign', [address, '0x01']);
      const refused = () =>
        realtime.call('eth_sign', [address, '0x01']).then(
          () => false,
          (error: unknown) => error instanceof RpcError && error.message.startsWith('authentication needed'),
        );
      await waitFor(refused, {
        what: 'a 1 s unlock to expire',
        timeoutMs: 3_000,
      });
    } finally {
      await realtime.close();
    }
  });

  it('behavior: importing a key already in the keystore returns its address and keeps its file', async () => {
    expect(await keystore.call('personal_importRawKey', [RAW_KEY, 'first'])).toBe(RAW_ADDRESS);
    expect(await keystore.call('personal_importRawKey', [RAW_KEY, 'second'])).toBe(RAW_ADDRESS);
    expect(await readdir(keystore.dir)).toHaveLength(1);
    expect((await keystore.failure('personal_unlockAccount', [RAW_ADDRESS, 'second'])).message).toBe(
      'could not decrypt key with given password',
    );
    expect(await keystore.call('personal_unlockAccount', [RAW_ADDRESS, 'first'])).toBe(true);
  });

  it('behavior: personal_sign takes the passphrase per call and unlocks nothing', async () => {
    await keystore.call('personal_importRawKey', [RAW_KEY, 'pw']);
    // web3.js's documented accounts.sign example for "Some data" with this key.
    expect(await keystore.call('personal_sign', ['0x536f6d652064617461', RAW_ADDRESS, 'pw'])).toBe(
      '0xb91467e570a6466aa9e9876cbcd013baba02900b8979d43fe208a4a4f339f5fd6007e74cd82e037b800186422fc2da167c747ef045e5d18a5f5d4300f8e1a0291c',
    );
    expect((await keystore.failure('personal_sign', ['0x01', RAW_ADDRESS, 'wrong'])).message).toBe(
      'could not decrypt key with given password',
    );
    expect((await keystore.failure('eth_sign', [RAW_ADDRESS, '0x01'])).message).toMatch(
      /^authentication needed/,
    );
  });

  it('behavior: eth_signTransaction signs for an unlocked from; personal_signTransaction with a passphrase', async () => {
    await keystore.call('personal_importRawKey', [RAW_KEY, 'pw']);
    const tx = {
      from: RAW_ADDRESS,
      to: RAW_ADDRESS,
      gas: '0x5208',
      gasPrice: '0x1',
      nonce: '0x0',
      value: '0x1',
    };
    expect((await keystore.failure('eth_signTransaction', [tx])).message).toMatch(/^authentication needed/);
    const viaPassphrase = (await keystore.call('personal_signTransaction', [tx, 'pw'])) as { raw: string };
    await keystore.call('personal_unlockAccount', [RAW_ADDRESS, 'pw']);
    const viaUnlock = (await keystore.call('eth_signTransaction', [tx])) as {
      raw: string;
      tx: { hash: string };
    };
    expect(viaUnlock.raw).toBe(viaPassphrase.raw);
    expect(Transaction.from(viaUnlock.raw).from?.toLowerCase()).toBe(RAW_ADDRESS);
    expect(viaUnlock.tx.hash).toBe(Transaction.from(viaUnlock.raw).hash);
    expect(
      (await keystore.failure('personal_signTransaction', [{ ...tx, from: undefined }, 'pw'])).message,
    ).toBe('sender not specified');
  });

  it('error: unknown accounts: as a wrong passphrase where one is checked, geth wording elsewhere', async () => {
    const nobody = '0x0000000000000000000000000000000000000001';
    // A passphrase guess must not tell an address with a key file from one without.
    expect((await keystore.failure('personal_unlockAccount', [nobody, 'pw'])).message).toBe(
      'could not decrypt key with given password',
    );
    expect((await keystore.failure('personal_sign', ['0x01', nobody, 'pw'])).message).toBe(
      'could not decrypt key with given password',
    );
    expect((await keystore.failure('eth_sign', [nobody, '0x01'])).message).toBe('unknown account');
    expect(await keystore.call('personal_lockAccount', [nobody])).toBe(true);
  });

  it("error: bad params answer -32602, and durations beyond geth's limit", async () => {
    expect((await keystore.failure('personal_newAccount', [])).code).toBe(-32602);
    expect((await keystore.failure('personal_unlockAccount', ['0x12', 'pw'])).code).toBe(-32602);
    const address = (await keystore.call('personal_newAccount', ['pw'])) as string;
    expect(await keystore.failure('personal_unlockAccount', [address, 'pw', 9_223_372_037])).toEqual({
      code: -32000,
      message: 'unlock duration too large',
    });
  });
});

describe('KeystoreModule key file interop', () => {
  it('behavior: a key file written by ethers Wallet.encrypt, put in the dir, is usable at once', async () => {
    const keystore = await startKeystore();
    try {
      const wallet = Wallet.createRandom();
      const json = await wallet.encrypt('ethers pw');
      await writeFile(join(keystore.dir, keyFileName(wallet.address)), json);
      expect(await keystore.call('eth_accounts')).toEqual([wallet.address.toLowerCase()]);
      await keystore.call('personal_unlockAccount', [wallet.address, 'ethers pw', 60]);
      const signature = (await keystore.call('eth_sign', [wallet.address, '0xc0ffee'])) as string;
      expect(signature).toBe(await wallet.signMessage(getBytes('0xc0ffee')));
    } finally {
      await keystore.close();
    }
  });

  it('behavior: a key made by personal_newAccount (geth standard scrypt) opens with ethers fromEncryptedJson', async () => {
    const keystore = await startKeystore({ lightKdf: false });
    try {
      const address = (await keystore.call('personal_newAccount', ['new pw'])) as string;
      const [fileName] = await readdir(keystore.dir);
      const json = await readFile(join(keystore.dir, fileName!), 'utf8');
      expect(JSON.parse(json)).toMatchObject({ crypto: { kdfparams: { n: 262144, p: 1, r: 8 } } });
      expect((await Wallet.fromEncryptedJson(json, 'new pw')).address).toBe(address);
    } finally {
      await keystore.close();
    }
  });
});

describe('KeystoreModule --unlock-key', () => {
  let scratch: string;
  let keysDir: string;
  let second: Wallet;
  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'photon-unlock-'));
    keysDir = join(scratch, 'keys');
    const first = new Wallet(`0x${RAW_KEY}`);
    second = new Wallet(Wallet.createRandom().privateKey);
    await mkdir(keysDir, { recursive: true });
    await writeFile(join(keysDir, keyFileName(first.address)), await first.encrypt('first pw'));
    await writeFile(join(keysDir, keyFileName(second.address)), await second.encrypt('second pw'));
    await writeFile(join(scratch, 'passphrases'), 'first pw\r\nsecond pw\n');
    await writeFile(join(scratch, 'wrong'), 'nope\n');
  });
  afterAll(() => rm(scratch, { recursive: true, force: true }));

  it('args: keys named by bare address or key file name, one passphrase per line, until the tier stops', async () => {
    const secondFile = (await readdir(keysDir)).find((name) =>
      name.endsWith(second.address.slice(2).toLowerCase()),
    );
    const keystore = await startKeystore({
      keystoreDir: keysDir,
      unlockKeys: [RAW_ADDRESS.slice(2).toUpperCase(), secondFile!],
      passphraseFile: join(scratch, 'passphrases'),
    });
    try {
      keystore.clock.now += 365 * 86_400_000;
      expect(await keystore.call('eth_sign', [RAW_ADDRESS, '0x01'])).toMatch(/^0x[0-9a-f]{130}$/);
      expect(await keystore.call('eth_sign', [second.address, '0x01'])).toMatch(/^0x[0-9a-f]{130}$/);
    } finally {
      await keystore.close();
    }
  });

  it('error: a wrong passphrase, an unknown name or no passphrase file stops the start, naming the key', async () => {
    const start = (unlockKeys: string[], passphraseFile: string | null) =>
      startKeystore({ keystoreDir: keysDir, unlockKeys, passphraseFile });
    await expect(start([RAW_ADDRESS], join(scratch, 'wrong'))).rejects.toThrow(
      `--unlock-key ${RAW_ADDRESS}: could not decrypt key with given password`,
    );
    await expect(start(['nobody'], join(scratch, 'passphrases'))).rejects.toThrow(
      '--unlock-key nobody: no key for given address or file',
    );
    await expect(start([RAW_ADDRESS], null)).rejects.toThrow('--unlock-key needs --passphrase-file');
    await expect(start([RAW_ADDRESS], join(scratch, 'missing'))).rejects.toThrow(
      `--passphrase-file: cannot read ${join(scratch, 'missing')} (ENOENT)`,
    );
  });
});

/** Every line the keystore logs, at every level, as text. */
class RecordingLogger implements LoggerService {
  readonly lines: string[] = [];
  log = (...args: unknown[]): void => void this.lines.push(args.map(String).join(' '));
  error = this.log;
  warn = this.log;
  debug = this.log;
  verbose = this.log;
}

describe('KeystoreModule --import-key-file', () => {
  const IMPORT_PASSPHRASE = 'import pw';
  let scratch: string;
  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'photon-import-'));
    await writeFile(join(scratch, 'key'), `0x${RAW_KEY}\n`);
    await writeFile(join(scratch, 'passphrase'), `${IMPORT_PASSPHRASE}\n`);
    await writeFile(join(scratch, 'bad-key'), `\n${RAW_KEY.slice(2)}\n`);
  });
  afterAll(() => rm(scratch, { recursive: true, force: true }));

  const options = (keystoreDir: string): Partial<KeystoreOptions> => ({
    keystoreDir,
    importKeyFile: join(scratch, 'key'),
    unlockKeys: [RAW_ADDRESS],
    passphraseFile: join(scratch, 'passphrase'),
  });
  const keyFilesIn = async (dir: string) => (await readdir(dir)).filter((name) => !name.startsWith('.'));

  it('behavior: imported at the first start, unlocked, kept without a duplicate across restarts; the key never logged', async () => {
    const dir = join(scratch, 'restarts');
    const logger = new RecordingLogger();
    for (let start = 0; start < 2; start += 1) {
      const keystore = await startKeystore(options(dir), logger);
      try {
        expect(await keystore.call('eth_accounts')).toEqual([RAW_ADDRESS]);
        expect(await keystore.call('eth_sign', [RAW_ADDRESS, '0x01'])).toMatch(/^0x[0-9a-f]{130}$/);
      } finally {
        await keystore.close();
      }
    }
    expect(await keyFilesIn(dir)).toHaveLength(1);
    const wallet = await Wallet.fromEncryptedJson(
      await readFile(join(dir, (await keyFilesIn(dir))[0]!), 'utf8'),
      IMPORT_PASSPHRASE,
    );
    expect(wallet.address.toLowerCase()).toBe(RAW_ADDRESS);
    const logged = logger.lines.join('\n');
    expect(logged).toMatch(/--import-key-file: 0x2c7536E3605D9C16a7a3D7b1898e529396a65c23 imported/);
    expect(logged).toMatch(/--import-key-file: 0x2c7536E3605D9C16a7a3D7b1898e529396a65c23 already held/);
    expect(logged.toLowerCase()).not.toContain(RAW_KEY.slice(0, 16));
    expect(logged).not.toContain(IMPORT_PASSPHRASE);
  });

  it('behavior: two replicas starting at once on one directory write one key file', async () => {
    const dir = join(scratch, 'replicas');
    const replicas = await Promise.all([startKeystore(options(dir)), startKeystore(options(dir))]);
    try {
      for (const replica of replicas) {
        expect(await replica.call('eth_sign', [RAW_ADDRESS, '0x01'])).toMatch(/^0x[0-9a-f]{130}$/);
      }
      expect(await keyFilesIn(dir)).toHaveLength(1);
      expect((await readdir(dir)).filter((name) => name.endsWith('.claim'))).toEqual([]);
    } finally {
      // Both share `dir`: the first close removes it, the second finds it gone.
      for (const replica of replicas) await replica.close();
    }
  });

  it('error: a malformed key file or no passphrase file stops the start, naming the line, not its content', async () => {
    const dir = join(scratch, 'errors');
    const failure = await startKeystore({ ...options(dir), importKeyFile: join(scratch, 'bad-key') }).then(
      () => new Error('started'),
      (error: unknown) => error as Error,
    );
    expect(failure.message).toBe('--import-key-file: line 2 is not a 32-byte hex private key');
    // 32 bytes of hex that no key can be (zero is not a secp256k1 scalar), refused at read as personal_importRawKey refuses it.
    await writeFile(join(scratch, 'zero-key'), `0x${'00'.repeat(32)}\n`);
    await expect(
      startKeystore({ ...options(dir), importKeyFile: join(scratch, 'zero-key') }),
    ).rejects.toThrow('--import-key-file: line 1 is not a 32-byte hex private key');
    await expect(startKeystore({ ...options(dir), unlockKeys: [], passphraseFile: null })).rejects.toThrow(
      '--import-key-file needs --passphrase-file',
    );
  });
});

describe('KeystoreModule exposure rule', () => {
  const tx = {
    from: RAW_ADDRESS,
    to: RAW_ADDRESS,
    gas: '0x5208',
    gasPrice: '0x1',
    nonce: '0x0',
    value: '0x0',
  };
  const unlockedForbidden = {
    code: -32000,
    message: 'signing with an unlocked account is forbidden on a non-loopback listener',
  };
  let keystore: Keystore;
  afterEach(() => keystore.close());

  it('error: through a public gateway an unlocked account neither unlocks nor signs', async () => {
    keystore = await startKeystore();
    await keystore.call('personal_importRawKey', [RAW_KEY, 'pw']);
    expect(await keystore.failure('personal_unlockAccount', [RAW_ADDRESS, 'pw'], PUBLIC)).toEqual({
      code: -32000,
      message: 'account unlock with HTTP access is forbidden',
    });
    await keystore.call('personal_unlockAccount', [RAW_ADDRESS, 'pw'], LOOPBACK);
    expect(await keystore.failure('eth_sign', [RAW_ADDRESS, '0x01'], PUBLIC)).toEqual(unlockedForbidden);
    expect(await keystore.failure('eth_signTransaction', [tx], PUBLIC)).toEqual(unlockedForbidden);
    // The same unlocked account still signs for a loopback gateway of the same tier.
    expect(await keystore.call('eth_sign', [RAW_ADDRESS, '0x01'], LOOPBACK)).toMatch(/^0x[0-9a-f]{130}$/);
  });

  it('error: a call that states no exposure counts as public', async () => {
    keystore = await startKeystore();
    await keystore.call('personal_importRawKey', [RAW_KEY, 'pw']);
    await keystore.call('personal_unlockAccount', [RAW_ADDRESS, 'pw']);
    expect(await keystore.failure('eth_sign', [RAW_ADDRESS, '0x01'], INTERNAL_CONTEXT)).toEqual(
      unlockedForbidden,
    );
  });

  it('behavior: a per-call passphrase signs through a public gateway, as geth allows', async () => {
    keystore = await startKeystore();
    await keystore.call('personal_importRawKey', [RAW_KEY, 'pw']);
    expect(await keystore.call('personal_sign', ['0x01', RAW_ADDRESS, 'pw'], PUBLIC)).toMatch(
      /^0x[0-9a-f]{130}$/,
    );
  });

  it('args: --allow-insecure-unlock lets unlocked accounts unlock and sign through a public gateway', async () => {
    keystore = await startKeystore({ allowInsecureUnlock: true });
    await keystore.call('personal_importRawKey', [RAW_KEY, 'pw']);
    expect(await keystore.call('personal_unlockAccount', [RAW_ADDRESS, 'pw'], PUBLIC)).toBe(true);
    expect(await keystore.call('eth_sign', [RAW_ADDRESS, '0x01'], PUBLIC)).toMatch(/^0x[0-9a-f]{130}$/);
  });
});

describe('KeystoreModule with a crafted key file', () => {
  let keystore: Keystore;
  afterEach(() => keystore.close());

  it('error: a file whose KDF asks too much is refused by name; the other keys keep working', async () => {
    keystore = await startKeystore();
    const good = (await keystore.call('personal_newAccount', ['good pw'])) as string;
    const crafted = Wallet.createRandom();
    const text = await encryptKeystoreJson(
      { address: crafted.address, privateKey: crafted.privateKey },
      'pw',
      {
        scrypt: { N: 1 << 12 },
      },
    );
    const json = JSON.parse(text) as {
      crypto?: { kdfparams: Record<string, unknown> };
      Crypto?: { kdfparams: Record<string, unknown> };
    };
    (json.crypto ?? json.Crypto)!.kdfparams['n'] = 1 << 24;
    const fileName = keyFileName(crafted.address);
    await writeFile(join(keystore.dir, fileName), JSON.stringify(json));

    expect(await keystore.failure('personal_unlockAccount', [crafted.address, 'pw'])).toEqual({
      code: -32000,
      message: expect.stringMatching(
        new RegExp(`^key file ${fileName}: KDF parameters out of bounds: scrypt n=16777216`),
      ),
    });
    expect(await keystore.call('eth_accounts')).toEqual(
      expect.arrayContaining([good.toLowerCase(), crafted.address.toLowerCase()]),
    );
    expect(await keystore.call('personal_unlockAccount', [good, 'good pw'])).toBe(true);
    expect(await keystore.call('eth_sign', [good, '0x01'])).toMatch(/^0x[0-9a-f]{130}$/);
  });
});

describe('KeystoreModule dev accounts', () => {
  const devKeys = [Wallet.createRandom(), Wallet.createRandom(), Wallet.createRandom()];
  let keystore: Keystore;
  afterEach(() => keystore.close());

  it('default: held in memory in the given order, unlocked until the tier stops, nothing on disk', async () => {
    keystore = await startKeystore({
      keystoreDir: null,
      devAccountKeys: devKeys.map((wallet) => wallet.privateKey),
    });
    const addresses = devKeys.map((wallet) => wallet.address.toLowerCase());
    expect(await keystore.call('eth_accounts')).toEqual(addresses);
    expect(await readdir(keystore.dir)).toEqual([]);
    const signature = (await keystore.call('eth_sign', [addresses[2], '0x01'])) as string;
    expect(verifyMessage(getBytes('0x01'), signature)).toBe(devKeys[2]!.address);
    // Until the tier stops: still unlocked a day later.
    keystore.clock.now += 86_400_000;
    expect(await keystore.call('eth_sign', [addresses[0], '0x01'])).toMatch(/^0x[0-9a-f]{130}$/);
  });

  it('behavior: in a directory they are written once and kept across restarts', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'photon-dev-keys-'));
    const options = { keystoreDir: dir, devAccountKeys: devKeys.map((wallet) => wallet.privateKey) };
    try {
      keystore = await startKeystore(options);
      const first = await readdir(dir);
      expect(first).toHaveLength(3);
      await keystore.close();
      keystore = await startKeystore(options);
      expect(await readdir(dir)).toEqual(first);
      expect(await keystore.call('eth_sign', [devKeys[1]!.address, '0x01'])).toMatch(/^0x[0-9a-f]{130}$/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('error: through a public gateway they do not sign', async () => {
    keystore = await startKeystore({ keystoreDir: null, devAccountKeys: [devKeys[0]!.privateKey] });
    expect(await keystore.failure('eth_sign', [devKeys[0]!.address, '0x01'], PUBLIC)).toEqual({
      code: -32000,
      message: 'signing with an unlocked account is forbidden on a non-loopback listener',
    });
  });
});
