// Passphrases, private keys and the KEK never reach the output of a run: a whole `photon start`
// with personal enabled and verbose logs goes through every keystore flow, including the failing
// ones, and its full output is searched for each secret in the forms it could be printed in.
import { type InProcessStack, rpc, startPhotonStack } from '@photon/testing';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

jest.setTimeout(60_000);

const PASSPHRASE = `pass-${randomBytes(8).toString('hex')}`;
const WRONG_PASSPHRASE = `wrong-${randomBytes(8).toString('hex')}`;
const IMPORT_PASSPHRASE = `import-${randomBytes(8).toString('hex')}`;
const RAW_KEY = randomBytes(32).toString('hex');
const KEK = randomBytes(32).toString('hex');

describe('secrets in the output of a run', () => {
  let scratch: string;
  let stack: InProcessStack;
  let output: string;
  let keyFiles: string;

  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'photon-secrets-'));
    await writeFile(join(scratch, 'kek'), KEK);
    stack = await startPhotonStack('in-process', {
      extraArgs: [
        '--rpc-api',
        'eth,net,web3,personal',
        '--keystore-kek-file',
        join(scratch, 'kek'),
        '--lightkdf',
        '--log-level',
        'verbose',
      ],
    });
    const call = async (method: string, params: unknown[]) => rpc(stack.httpUrl, method, params);
    const address = (await call('personal_newAccount', [PASSPHRASE])).result as string;
    expect((await call('personal_unlockAccount', [address, WRONG_PASSPHRASE])).error?.code).toBe(-32000);
    expect((await call('personal_unlockAccount', [address, PASSPHRASE, 60])).result).toBe(true);
    expect((await call('eth_sign', [address, '0xdeadbeef'])).result).toMatch(/^0x/);
    expect((await call('personal_sign', ['0xdeadbeef', address, WRONG_PASSPHRASE])).error?.code).toBe(-32000);
    expect((await call('personal_sign', ['0xdeadbeef', address, PASSPHRASE])).result).toMatch(/^0x/);
    const tx = { from: address, to: address, gas: '0x5208', gasPrice: '0x1', nonce: '0x0' };
    expect((await call('eth_signTransaction', [tx])).result).toBeDefined();
    const imported = (await call('personal_importRawKey', [RAW_KEY, IMPORT_PASSPHRASE])).result as string;
    expect((await call('personal_importRawKey', [RAW_KEY, WRONG_PASSPHRASE])).result).toBe(imported);
    // A malformed key and a malformed passphrase argument: their errors must not echo them either.
    expect((await call('personal_importRawKey', [`0x${RAW_KEY}`, IMPORT_PASSPHRASE])).error?.code).toBe(
      -32602,
    );
    // The arguments swapped: geth quotes the first non-hex character, a character of the passphrase.
    expect((await call('personal_importRawKey', [PASSPHRASE, RAW_KEY])).error).toEqual({
      code: -32602,
      message: 'invalid argument 0: invalid hex character in private key',
    });
    expect((await call('personal_unlockAccount', [imported, { secret: PASSPHRASE }])).error?.code).toBe(
      -32602,
    );
    expect((await call('personal_lockAccount', [address])).result).toBe(true);
    keyFiles = (
      await Promise.all(
        (await readdir(stack.keystoreDir)).map((name) => readFile(join(stack.keystoreDir, name), 'utf8')),
      )
    ).join('\n');
    stack.processes.single.child.kill('SIGTERM');
    await stack.processes.single.exited;
    output = stack.processes.single.output();
  });
  afterAll(async () => {
    await stack?.stop();
    await rm(scratch, { recursive: true, force: true });
  });

  it('default: the run logged (so the search below searched something)', () => {
    expect(output).toContain('photon: serving JSON-RPC');
    expect(output).toContain('failed passphrase attempt for');
    expect(output).toContain('new key file UTC--');
  });

  it.each([
    ['the passphrase', PASSPHRASE],
    ['the wrong passphrase', WRONG_PASSPHRASE],
    ['the import passphrase', IMPORT_PASSPHRASE],
    ['the raw key', RAW_KEY],
    ['the raw key, upper case', RAW_KEY.toUpperCase()],
    ['the raw key, base64', Buffer.from(RAW_KEY, 'hex').toString('base64')],
    ['the KEK', KEK],
    ['the KEK, base64', Buffer.from(KEK, 'hex').toString('base64')],
  ])('behavior: %s appears neither in the output nor in the key files', (_what, secret) => {
    expect(output).not.toContain(secret);
    expect(keyFiles).not.toContain(secret);
  });
});
