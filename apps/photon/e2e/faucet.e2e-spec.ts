// The test-network faucet (issue 13, item 6) in both topologies: POST --faucet-path funds a fresh address
// from a keystore account unlocked at start, through the tx service; the address and the client IP each
// wait out --faucet-cooldown (429 with Retry-After); bad requests are 400/415/405; an empty faucet is 503
// and takes no cooldown; a tier without --faucet-path answers 404 there. Clients on 127.0.0.2, .3, …
// stand for distinct IPs (the whole 127/8 is this machine's loopback).
import {
  type PhotonStack,
  type PhotonStackKind,
  addGateway,
  devWallet,
  rpc,
  spawnPhoton,
  startPhotonStack,
  waitFor,
} from '@photon/testing';
import { Wallet, encryptKeystoreJson, parseEther, toQuantity } from 'ethers';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestTier } from './in-process-app';

jest.setTimeout(180_000);

const PASSPHRASE = 'faucet pw';
// Each dev account holds 1,000,000: two sends of 400,000 go out, the third finds the faucet empty.
const AMOUNT = parseEther('400000');
const COOLDOWN_SECONDS = 3600;
/** The origin of a faucet web page, allowed by --cors-origins. */
const PAGE = 'https://faucet.example';

interface FaucetReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: { txHash?: string; amount?: string; error?: { code: string; message: string } };
}

interface RequestOptions {
  /** The client's own address: 127.0.0.x stands for a client IP of its own. */
  from?: string;
  method?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

/** One HTTP request to the faucet from the loopback address `from` (127.0.0.x: a client IP of its own). */
function faucet(
  url: string,
  body: string | object,
  {
    from = '127.0.0.1',
    method = 'POST',
    contentType = 'application/json',
    headers = {},
  }: RequestOptions = {},
): Promise<FaucetReply> {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method,
        localAddress: from,
        headers: { 'content-type': contentType, 'content-length': Buffer.byteLength(text), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: (raw === '' ? {} : JSON.parse(raw)) as FaucetReply['body'],
          });
        });
      },
    );
    req.on('error', reject);
    req.end(method === 'GET' ? undefined : text);
  });
}

/** A keystore dir holding a funded dev account's key file, and the passphrase file that unlocks it. */
async function keystoreWithDevKey(index: number) {
  const dir = await mkdtemp(join(tmpdir(), 'photon-faucet-'));
  const wallet = devWallet(index);
  const json = await encryptKeystoreJson(
    { address: wallet.address, privateKey: wallet.privateKey },
    PASSPHRASE,
    {
      scrypt: { N: 1 << 12 },
    },
  );
  const address = wallet.address.toLowerCase();
  await writeFile(join(dir, `UTC--2026-01-01T00-00-00.000000000Z--${address.slice(2)}`), json, {
    mode: 0o600,
  });
  const passphraseFile = join(dir, 'passphrase');
  await writeFile(passphraseFile, `${PASSPHRASE}\n`, { mode: 0o600 });
  return { dir, address, passphraseFile };
}

async function receiptStatus(httpUrl: string, hash: string): Promise<string> {
  let status: string | undefined;
  await waitFor(
    async () => {
      const receipt = await rpc<{ status: string } | null>(httpUrl, 'eth_getTransactionReceipt', [hash]);
      status = receipt.result?.status;
      return status !== undefined;
    },
    { what: `the receipt of ${hash}`, timeoutMs: 20_000 },
  );
  return status!;
}

const fresh = () => Wallet.createRandom().address;

describe.each<PhotonStackKind>(['in-process', 'cluster'])('the faucet (%s)', (kind) => {
  let stack: PhotonStack;
  let keys: Awaited<ReturnType<typeof keystoreWithDevKey>>;
  let faucetUrl: string;

  beforeAll(async () => {
    keys = await keystoreWithDevKey(7);
    stack = await startPhotonStack(kind, {
      // Seven processes in the cluster: a busy machine needs more than the default 20 s.
      readyTimeoutMs: 60_000,
      // Two tx replicas share the cooldowns in Redis (ignored in-process).
      txReplicas: 2,
      extraArgs: [
        '--keystore-dir',
        keys.dir,
        '--unlock-key',
        keys.address,
        '--passphrase-file',
        keys.passphraseFile,
        '--faucet-path',
        '/faucet',
        '--faucet-key',
        keys.address,
        '--faucet-amount',
        '400000ether',
        '--faucet-cooldown',
        `${COOLDOWN_SECONDS}s`,
        '--cors-origins',
        PAGE,
        '--log-level',
        'warn',
      ],
    });
    faucetUrl = `${stack.httpUrl}/faucet`;
  });
  afterAll(async () => {
    await stack?.stop();
    await rm(keys.dir, { recursive: true, force: true });
  });

  it('default: a request funds a fresh address with the amount', async () => {
    const address = fresh();
    const reply = await faucet(faucetUrl, { address });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('application/json');
    expect(reply.body).toEqual({
      txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      amount: toQuantity(AMOUNT),
    });
    expect(await receiptStatus(stack.httpUrl, reply.body.txHash!)).toBe('0x1');
    expect((await rpc<string>(stack.httpUrl, 'eth_getBalance', [address, 'latest'])).result).toBe(
      toQuantity(AMOUNT),
    );

    // The same address again, from another client: the address's cooldown.
    const again = await faucet(faucetUrl, { address: address.toLowerCase() }, { from: '127.0.0.2' });
    expect(again.status).toBe(429);
    expect(again.body.error?.code).toBe('cooldown');
    const retryAfter = Number(again.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(COOLDOWN_SECONDS - 60);
    expect(retryAfter).toBeLessThanOrEqual(COOLDOWN_SECONDS);

    // Another address from the first client: the client's cooldown.
    const sameIp = await faucet(faucetUrl, { address: fresh() });
    expect(sameIp.status).toBe(429);
    expect(Number(sameIp.headers['retry-after'])).toBeGreaterThan(COOLDOWN_SECONDS - 60);
  });

  it('behavior: six requests at once for one fresh address, from six clients, send once', async () => {
    const address = fresh();
    const replies = await Promise.all(
      [10, 11, 12, 13, 14, 15].map((host) => faucet(faucetUrl, { address }, { from: `127.0.0.${host}` })),
    );
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 429, 429, 429, 429, 429]);
    const sent = replies.find((reply) => reply.status === 200)!;
    expect(await receiptStatus(stack.httpUrl, sent.body.txHash!)).toBe('0x1');
    expect((await rpc<string>(stack.httpUrl, 'eth_getBalance', [address, 'latest'])).result).toBe(
      toQuantity(AMOUNT),
    );
  });

  it('error: malformed JSON, no or a bad address (400), another content type (415), another method (405)', async () => {
    const from = '127.0.0.3';
    const cases: [string | object, Record<string, string>, number, string][] = [
      ['{"address":', {}, 400, 'invalid_json'],
      [{}, {}, 400, 'invalid_address'],
      [{ address: '0x1234' }, {}, 400, 'invalid_address'],
      [{ address: 42 }, {}, 400, 'invalid_address'],
      [[fresh()], {}, 400, 'invalid_address'],
      [{ address: fresh() }, { contentType: 'text/plain' }, 415, 'unsupported_media_type'],
      ['', { method: 'GET' }, 405, 'method_not_allowed'],
    ];
    for (const [body, options, status, code] of cases) {
      const reply = await faucet(faucetUrl, body, { from, ...options });
      expect([code, reply.status, reply.body.error?.code]).toEqual([code, status, code]);
      expect(reply.body.error?.message.length).toBeGreaterThan(0);
    }
    expect((await faucet(faucetUrl, '', { from, method: 'GET' })).headers.allow).toBe('POST');
  });

  it('error: an empty faucet is 503, and the failed send takes no cooldown', async () => {
    // 127.0.0.3 only sent bad requests above: they took no cooldown either.
    const address = fresh();
    for (let attempt = 0; attempt < 2; attempt++) {
      const reply = await faucet(faucetUrl, { address }, { from: '127.0.0.3' });
      expect([reply.status, reply.body.error]).toEqual([
        503,
        { code: 'faucet_empty', message: 'the faucet is empty' },
      ]);
    }
    expect((await rpc<string>(stack.httpUrl, 'eth_getBalance', [address, 'latest'])).result).toBe('0x0');
  });

  it('behavior: a faucet page on an origin --cors-origins allows passes its preflight and reads answers', async () => {
    const preflight = await faucet(faucetUrl, '', {
      from: '127.0.0.5',
      method: 'OPTIONS',
      headers: {
        origin: PAGE,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect([preflight.status, preflight.headers['access-control-allow-origin']]).toEqual([204, PAGE]);
    expect(preflight.headers['access-control-allow-methods']).toContain('POST');
    const refused = await faucet(faucetUrl, '{', { from: '127.0.0.5', headers: { origin: PAGE } });
    expect([refused.status, refused.headers['access-control-allow-origin']]).toEqual([400, PAGE]);
    const other = await faucet(faucetUrl, '{', {
      from: '127.0.0.5',
      headers: { origin: 'https://elsewhere.example' },
    });
    expect([other.status, other.headers['access-control-allow-origin']]).toEqual([400, undefined]);
  });

  it('error: the faucet is no JSON-RPC method', async () => {
    const reply = await rpc(stack.httpUrl, 'photon_faucet', [{ address: fresh(), client: '127.0.0.9' }]);
    expect(reply.error).toEqual({
      code: -32601,
      message: 'the method photon_faucet does not exist/is not available',
    });
  });

  if (kind === 'cluster') {
    it('behavior: a gateway without --faucet-path answers 404 there, as before', async () => {
      const gateway = await addGateway(stack as Extract<PhotonStack, { kind: 'cluster' }>, [
        '--log-level',
        'warn',
      ]);
      const reply = await faucet(`${gateway.httpUrl}/faucet`, { address: fresh() }, { from: '127.0.0.4' });
      expect(reply.status).toBe(404);
      await gateway.process.stop();
    });
  }
});

// The dev overlay's and compose's set-up: no key file at first, the faucet's raw key and passphrase in
// files (Secrets), two keystore replicas on one key directory importing and unlocking it at start.
describe('the faucet from a key the keystore imports at start (cluster)', () => {
  let stack: PhotonStack;
  let scratch: string;
  const wallet = devWallet(9);

  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'photon-faucet-import-'));
    await writeFile(join(scratch, 'key'), `${wallet.privateKey}\n`, { mode: 0o600 });
    await writeFile(join(scratch, 'passphrase'), `${PASSPHRASE}\n`, { mode: 0o600 });
    stack = await startPhotonStack('cluster', {
      readyTimeoutMs: 60_000,
      keystoreReplicas: 2,
      extraArgs: [
        ...['--keystore-dir', join(scratch, 'keys'), '--lightkdf'],
        ...['--import-key-file', join(scratch, 'key'), '--passphrase-file', join(scratch, 'passphrase')],
        ...['--unlock-key', wallet.address, '--faucet-path', '/faucet', '--faucet-key', wallet.address],
        ...['--log-level', 'log'],
      ],
    });
  });
  afterAll(async () => {
    await stack?.stop();
    await rm(scratch, { recursive: true, force: true });
  });

  it('default: the faucet answers 200 with no manual step; one key file; the raw key in no log line', async () => {
    const address = fresh();
    const reply = await faucet(`${stack.httpUrl}/faucet`, { address });
    expect([reply.status, reply.body.error]).toEqual([200, undefined]);
    expect(await receiptStatus(stack.httpUrl, reply.body.txHash!)).toBe('0x1');
    const keyFiles = (await readdir(join(scratch, 'keys'))).filter((name) => !name.startsWith('.'));
    expect(keyFiles).toEqual([
      expect.stringMatching(new RegExp(`--${wallet.address.slice(2).toLowerCase()}$`)),
    ]);
    const { keystore, tx, gateway } = (stack as Extract<PhotonStack, { kind: 'cluster' }>).processes;
    const logs = [...keystore, ...tx, gateway].map((process) => process.output()).join('\n');
    expect(logs).toContain(`--import-key-file: ${wallet.address} imported`);
    expect(logs).toContain(`--import-key-file: ${wallet.address} already held`);
    expect(logs.toLowerCase()).not.toContain(wallet.privateKey.slice(2, 18).toLowerCase());
    expect(logs).not.toContain(PASSPHRASE);
  });
});

describe('the faucet in photon start on a public listener', () => {
  it('behavior: the faucet sends, while no client of that listener can spend its unlocked account', async () => {
    const keys = await keystoreWithDevKey(8);
    const tier = await startTestTier(
      [
        ...[
          '--keystore-dir',
          keys.dir,
          '--unlock-key',
          keys.address,
          '--passphrase-file',
          keys.passphraseFile,
        ],
        ...['--faucet-path', '/faucet', '--faucet-key', keys.address, '--block-time', '200ms'],
      ],
      '0.0.0.0',
    );
    try {
      const address = fresh();
      const reply = await faucet(`${tier.httpUrl}/faucet`, { address });
      expect(reply.status).toBe(200);
      expect(await receiptStatus(tier.httpUrl, reply.body.txHash!)).toBe('0x1');
      expect((await rpc<string>(tier.httpUrl, 'eth_getBalance', [address, 'latest'])).result).toBe(
        toQuantity(parseEther('1')),
      );
      const spend = await rpc(tier.httpUrl, 'eth_sendTransaction', [
        { from: keys.address, to: address, value: '0x1' },
      ]);
      expect(spend.error).toEqual({
        code: -32000,
        message: 'signing with an unlocked account is forbidden on a non-loopback listener',
      });
    } finally {
      await tier.close();
      await rm(keys.dir, { recursive: true, force: true });
    }
  });
});

describe('the faucet in photon start, set up wrong or off', () => {
  it('error: --faucet-path without --faucet-key stops the start', async () => {
    const proc = spawnPhoton(['start', '--faucet-path', '/faucet']);
    expect(await proc.exited).toBe(2);
    expect(proc.output().trim()).toBe(
      'photon: --faucet-path needs --faucet-key (the keystore account the faucet sends from)',
    );
  });

  it('error: a faucet key the keystore does not hold is 503; without --faucet-path the path is 404', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'photon-faucet-'));
    const tier = await startTestTier([
      '--keystore-dir',
      dir,
      '--faucet-path',
      '/faucet',
      '--faucet-key',
      fresh(),
    ]);
    const off = await startTestTier(['--keystore-dir', dir]);
    try {
      const reply = await faucet(`${tier.httpUrl}/faucet`, { address: fresh() });
      expect([reply.status, reply.body.error]).toEqual([
        503,
        { code: 'faucet_unavailable', message: 'the faucet key is no keystore account' },
      ]);
      expect((await faucet(`${off.httpUrl}/faucet`, { address: fresh() })).status).toBe(404);
    } finally {
      await tier.close();
      await off.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
