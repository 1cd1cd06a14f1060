// Operations of the cluster: every HTTP answer carries an X-Request-Id (the client's when sane), the
// services' JSON log lines about a call carry that id, no passphrase reaches any log, and a gateway told
// SIGTERM drains: readiness 503, no new connections, websockets closed with 1012, requests in flight
// answered, exit 0. Requests are held in flight by stopping (SIGSTOP) the query replica they wait on.
import { rpcSubject } from '@photon/bus';
import {
  type ClusterStack,
  type PhotonProcess,
  addGateway,
  devWallet,
  rpc,
  startPhotonStack,
  testNatsUrl,
  waitFor,
} from '@photon/testing';
import { Wallet } from 'ethers';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type NatsConnection, connect as connectNats } from 'nats';
import { randomBytes } from 'node:crypto';
import { connect as connectTcp } from 'node:net';
import WebSocket from 'ws';
import { type TestTier, startTestTier } from './in-process-app';

jest.setTimeout(120_000);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const DEV_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

/** POST one JSON-RPC call; the answer's status, X-Request-Id and body. */
async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    requestId: response.headers.get('x-request-id'),
    body: (await response.json()) as { result?: unknown; error?: { code: number; message: string } },
  };
}

const balanceCall = (id: number) => ({
  jsonrpc: '2.0',
  id,
  method: 'eth_getBalance',
  params: [DEV_ADDRESS, 'latest'],
});

/**
 * A balance no gateway has kept (a fresh address each time): the call always crosses the bus, where the
 * query service logs it.
 */
const crossingCall = (id: number) => ({
  jsonrpc: '2.0',
  id,
  method: 'eth_getBalance',
  params: [Wallet.createRandom().address, 'latest'],
});

/** The JSON objects among a process's output lines (the text lines, e.g. a failed start, are skipped). */
function jsonLines(output: string): Record<string, unknown>[] {
  return output.split('\n').flatMap((line) => {
    if (!line.startsWith('{')) return [];
    try {
      return [JSON.parse(line) as Record<string, unknown>];
    } catch {
      return [];
    }
  });
}

describe('request ids and JSON logs (cluster)', () => {
  let stack: ClusterStack;
  let scratch: string;
  const faucetWallet = devWallet(9);

  beforeAll(async () => {
    // A faucet whose key the keystore imports at start: one faucet request crosses the gateway, the
    // tx service (photon_faucet) and the keystore (photon_signTransaction).
    scratch = await mkdtemp(join(tmpdir(), 'photon-request-ids-'));
    await writeFile(join(scratch, 'key'), faucetWallet.privateKey, { mode: 0o600 });
    await writeFile(join(scratch, 'passphrase'), 'faucet', { mode: 0o600 });
    stack = await startPhotonStack('cluster', {
      // Debug: each call a service runs is a log line, so a passphrase in a call would show if it leaked.
      extraArgs: [
        ...['--rpc-api', 'eth,net,web3,personal', '--lightkdf', '--log-level', 'debug'],
        ...['--import-key-file', join(scratch, 'key'), '--passphrase-file', join(scratch, 'passphrase')],
        ...['--unlock-key', faucetWallet.address],
        ...['--faucet-path', '/faucet', '--faucet-key', faucetWallet.address],
      ],
      readyTimeoutMs: 60_000,
    });
  });
  afterAll(async () => {
    await stack?.stop();
    await rm(scratch, { recursive: true, force: true });
  });

  it("default: an answer carries X-Request-Id: the client's sane one echoed, a bad one or none replaced", async () => {
    expect((await post(stack.httpUrl, balanceCall(1), { 'x-request-id': 'client-trace.42' })).requestId).toBe(
      'client-trace.42',
    );
    for (const bad of ['has spaces', 'x'.repeat(200), 'quote"d']) {
      const answer = await post(stack.httpUrl, balanceCall(2), { 'x-request-id': bad });
      expect(answer.requestId).toMatch(UUID);
      expect(answer.body.result).toMatch(/^0x/);
    }
    expect((await post(stack.httpUrl, balanceCall(3))).requestId).toMatch(UUID);
  });

  it('error: error answers carry X-Request-Id too (wrong path, wrong media type, bad JSON)', async () => {
    const notFound = await fetch(`${stack.httpUrl}/nope`, { headers: { 'x-request-id': 'err-1' } });
    expect([notFound.status, notFound.headers.get('x-request-id')]).toEqual([404, 'err-1']);
    const media = await fetch(stack.httpUrl, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'x-request-id': 'err-2' },
      body: '{}',
    });
    expect([media.status, media.headers.get('x-request-id')]).toEqual([415, 'err-2']);
    const parse = await fetch(stack.httpUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{',
    });
    expect(parse.headers.get('x-request-id')).toMatch(UUID);
    const health = await fetch(`${stack.httpUrl}/readyz`);
    expect(health.headers.get('x-request-id')).toMatch(UUID);
  });

  it("behavior: the service's JSON log lines about a call carry the call's request id", async () => {
    const id = `trace-${randomBytes(6).toString('hex')}`;
    expect((await post(stack.httpUrl, crossingCall(4), { 'x-request-id': id })).body.result).toMatch(/^0x/);
    const query = stack.processes.query[0]!;
    let line: Record<string, unknown> | undefined;
    await waitFor(
      () =>
        Promise.resolve(
          (line = jsonLines(query.output()).find((entry) => entry['requestId'] === id)) !== undefined,
        ),
      {
        what: `a query log line with requestId ${id}`,
        timeoutMs: 5_000,
        detail: () => query.output().slice(-2000),
      },
    );
    expect(line).toEqual(
      expect.objectContaining({
        level: 'debug',
        service: 'query',
        msg: 'call eth_getBalance',
        requestId: id,
      }),
    );
    expect(typeof line!['time']).toBe('string');
    // A batch crosses as one message with one id.
    const batchId = `batch-${randomBytes(6).toString('hex')}`;
    const batch = await post(stack.httpUrl, [crossingCall(5), crossingCall(6)], { 'x-request-id': batchId });
    expect(batch.requestId).toBe(batchId);
    await waitFor(
      () =>
        Promise.resolve(
          jsonLines(query.output()).filter((entry) => entry['requestId'] === batchId).length === 2,
        ),
      { what: 'two query log lines for the batch', timeoutMs: 5_000 },
    );
  });

  it("behavior: a faucet request's id is on every line it makes the gateway, the tx service and the keystore write", async () => {
    const id = `faucet-${randomBytes(6).toString('hex')}`;
    // Lowercase, as the tx service's line about the send writes it.
    const recipient = Wallet.createRandom().address.toLowerCase();
    const answer = await fetch(`${stack.httpUrl}/faucet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': id },
      body: JSON.stringify({ address: recipient }),
    });
    expect([answer.status, answer.headers.get('x-request-id')]).toEqual([200, id]);
    const { gateway, tx, keystore } = stack.processes;
    // What each process writes for this request, found by what it is about (not by the id itself).
    const about: [string, PhotonProcess[], (msg: string) => boolean][] = [
      ['gateway', [gateway], (msg) => msg === `faucet request for ${recipient}`],
      ['tx', tx, (msg) => msg === 'call photon_faucet' || msg.includes(recipient)],
      ['keystore', keystore, (msg) => msg === 'call photon_signTransaction'],
      // Written just before the reply: the answer may reach the test before this line does.
      ['tx sent', tx, (msg) => msg.startsWith('sent ') && msg.includes(recipient)],
    ];
    const linesOf = (processes: PhotonProcess[], wanted: (msg: string) => boolean) =>
      processes.flatMap((proc) => jsonLines(proc.output())).filter((line) => wanted(String(line['msg'])));
    await waitFor(
      () => Promise.resolve(about.every(([, procs, wanted]) => linesOf(procs, wanted).length > 0)),
      { what: 'the log lines of the faucet request in every process' },
    );
    for (const [name, procs, wanted] of about) {
      const lines = linesOf(procs, wanted);
      expect([name, lines.map((line) => line['requestId'])]).toEqual([name, lines.map(() => id)]);
    }
    // The tx service's info line about the send (not a debug call line) is among them.
    expect(linesOf(tx, (msg) => msg.startsWith('sent ') && msg.includes(recipient))).toHaveLength(1);
  });

  it('behavior: every line a cluster process writes is JSON once it runs', () => {
    for (const proc of [stack.processes.gateway, ...stack.processes.query, ...stack.processes.keystore]) {
      const lines = proc.output().trim().split('\n');
      expect(jsonLines(proc.output())).toHaveLength(lines.length);
    }
  });

  it('behavior: no log of the run holds a passphrase after personal_newAccount and personal_unlockAccount', async () => {
    const passphrase = `never-logged-${randomBytes(8).toString('hex')}`;
    const address = (await rpc<string>(stack.httpUrl, 'personal_newAccount', [passphrase])).result!;
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect((await rpc(stack.httpUrl, 'personal_unlockAccount', [address, passphrase, 60])).result).toBe(true);
    expect(
      (await rpc(stack.httpUrl, 'personal_unlockAccount', [address, `${passphrase}-wrong`, 60])).error,
    ).toEqual(expect.objectContaining({ code: -32000 }));
    const keystore = stack.processes.keystore[0]!;
    // The calls were logged (at debug), without their params.
    await waitFor(
      () =>
        Promise.resolve(
          jsonLines(keystore.output()).filter((entry) => entry['msg'] === 'call personal_unlockAccount')
            .length >= 2,
        ),
      { what: 'the keystore to log the unlock calls', timeoutMs: 5_000 },
    );
    for (const proc of stack.all) expect(proc.output()).not.toContain(passphrase);
  });
});

describe('request ids (in-process)', () => {
  let tier: TestTier;
  beforeAll(async () => (tier = await startTestTier()));
  afterAll(() => tier?.close());

  it("default: the same gateway answers with the client's sane X-Request-Id, or one it made", async () => {
    expect((await post(tier.httpUrl, balanceCall(1), { 'x-request-id': 'in-process.1' })).requestId).toBe(
      'in-process.1',
    );
    const replaced = await post(tier.httpUrl, balanceCall(2), { 'x-request-id': 'no spaces please' });
    expect([replaced.requestId, typeof replaced.body.result]).toEqual([
      expect.stringMatching(UUID),
      'string',
    ]);
  });
});

describe('gateway drain on SIGTERM (cluster)', () => {
  let stack: ClusterStack;
  let nats: NatsConnection;

  beforeAll(async () => {
    stack = await startPhotonStack('cluster', { extraArgs: ['--log-level', 'warn'], readyTimeoutMs: 60_000 });
    nats = await connectNats({ servers: testNatsUrl() });
  });
  afterAll(async () => {
    for (const query of stack?.processes.query ?? []) query.child.kill('SIGCONT');
    await nats?.close();
    await stack?.stop();
  });

  it('behavior: readiness 503, no new connections, websockets closed with 1012, requests in flight answered, exit 0', async () => {
    const gateway = await addGateway(stack, ['--shutdown-grace', '20s']);
    const query = stack.processes.query[0]!;

    const ws = new WebSocket(gateway.wsUrl);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const wsClosed = new Promise<[number, string]>((resolve) =>
      ws.once('close', (code, reason) => resolve([code, reason.toString()])),
    );

    // A connection that has begun a request before SIGTERM and sends the rest of it during the drain.
    const { port } = new URL(gateway.httpUrl);
    const held = connectTcp(Number(port), '127.0.0.1');
    await new Promise((resolve) => held.once('connect', resolve));
    held.write('GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    let heldAnswer = '';
    held.on('data', (chunk: Buffer) => (heldAnswer += chunk.toString()));

    // Three calls wait on a stopped query replica: seen on the bus, not answered.
    const seen = nats.subscribe(rpcSubject(stack.busPrefix, 'query'));
    let onBus = 0;
    void (async () => {
      for await (const _ of seen) onBus++;
    })();
    await nats.flush();
    query.child.kill('SIGSTOP');
    const inFlight = [1, 2, 3].map((id) =>
      post(gateway.httpUrl, balanceCall(id), { 'x-request-id': `drain-${id}` }),
    );
    await waitFor(() => Promise.resolve(onBus >= 3), { what: 'three calls on the bus', timeoutMs: 5_000 });

    gateway.process.child.kill('SIGTERM');
    expect(await wsClosed).toEqual([1012, 'gateway shutting down, reconnect']);
    await waitFor(() => Promise.resolve(gateway.process.output().includes('draining')), {
      what: 'the gateway to drain',
      timeoutMs: 5_000,
      detail: () => gateway.process.output(),
    });
    const refused = await fetch(`${gateway.httpUrl}/healthz`).then(
      () => 'connected',
      (error: unknown) => (error as { cause?: { code?: string } }).cause?.code ?? String(error),
    );
    expect(refused).toBe('ECONNREFUSED');
    held.write('\r\n');
    await waitFor(() => Promise.resolve(heldAnswer.includes('\r\n\r\n{')), {
      what: 'the /readyz answer',
      timeoutMs: 5_000,
    });
    expect(heldAnswer.split('\r\n')[0]).toBe('HTTP/1.1 503 Service Unavailable');
    expect(heldAnswer).toContain('"status":"draining"');
    // Still waiting for the calls in flight: nothing drained, nothing exited.
    expect(gateway.process.output()).not.toContain('"msg":"drained');
    expect(gateway.process.hasExited()).toBe(false);

    query.child.kill('SIGCONT');
    const answers = await Promise.all(inFlight);
    expect(answers.map((answer) => [answer.status, answer.requestId, typeof answer.body.result])).toEqual([
      [200, 'drain-1', 'string'],
      [200, 'drain-2', 'string'],
      [200, 'drain-3', 'string'],
    ]);
    expect(await gateway.process.exited).toBe(0);
    expect(gateway.process.output()).toContain('"msg":"drained"');
    seen.unsubscribe();
    held.destroy();
  });
});
