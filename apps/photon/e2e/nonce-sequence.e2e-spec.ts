// One nonce sequence per account (issue 10 item 7): 100 concurrent eth_sendTransaction from one unlocked
// account are all mined with nonces 0..99, in-process and over two tx replicas sharing Redis (the
// Photon-Replica header shows both served); a send that fails after reserving gives its nonce back.
import { REPLICA_HEADER, rpcSubject } from '@photon/bus';
import {
  type PhotonStack,
  type PhotonStackKind,
  devWallet,
  rpc,
  startPhotonStack,
  testNatsUrl,
  waitFor,
} from '@photon/testing';
import { JsonRpcProvider, parseEther } from 'ethers';
import { type NatsConnection, connect } from 'nats';

jest.setTimeout(120_000);

const RECIPIENT = '0x000000000000000000000000000000000000beef';
const PASSPHRASE = 'nonce pw';
const SENDS = 100;

interface Sent {
  hash: string;
  replica: string;
}

describe.each<PhotonStackKind>(['in-process', 'cluster'])('nonce sequence through the %s tier', (kind) => {
  let stack: PhotonStack;
  let nats: NatsConnection | undefined;
  let account: string;

  beforeAll(async () => {
    stack = await startPhotonStack(kind, {
      txReplicas: 2,
      extraArgs: ['--rpc-api', 'eth,net,web3,personal', '--lightkdf', '--log-level', 'warn'],
    });
    if (kind === 'cluster') nats = await connect({ servers: testNatsUrl() });
    account = (await rpc<string>(stack.httpUrl, 'personal_newAccount', [PASSPHRASE])).result!;
    const provider = new JsonRpcProvider(stack.httpUrl, undefined, { staticNetwork: true, cacheTimeout: -1 });
    const funding = await devWallet(1)
      .connect(provider)
      .sendTransaction({ to: account, value: parseEther('10') });
    expect((await funding.wait())?.status).toBe(1);
    provider.destroy();
    expect((await rpc(stack.httpUrl, 'personal_unlockAccount', [account, PASSPHRASE, 0])).result).toBe(true);
  });
  afterAll(async () => {
    await nats?.close();
    await stack?.stop();
  });

  /** eth_sendTransaction straight to the tx queue group (cluster) or through the gateway (in-process). */
  async function send(): Promise<Sent> {
    const tx = { from: account, to: RECIPIENT, value: '0x1' };
    if (nats === undefined || stack.busPrefix === undefined) {
      const answer = await rpc<string>(stack.httpUrl, 'eth_sendTransaction', [tx]);
      if (answer.result === undefined) throw new Error(JSON.stringify(answer.error));
      return { hash: answer.result, replica: 'single' };
    }
    const request = JSON.stringify({
      method: 'eth_sendTransaction',
      params: [tx],
      // As a gateway listening on loopback states it: unlocked accounts sign only for such calls.
      context: { transport: 'http', exposure: 'loopback' },
    });
    const reply = await nats.request(rpcSubject(stack.busPrefix, 'tx'), Buffer.from(request), {
      timeout: 60_000,
    });
    const body = JSON.parse(Buffer.from(reply.data).toString('utf8')) as { result?: string; error?: unknown };
    if (body.result === undefined) throw new Error(JSON.stringify(body.error));
    return { hash: body.result, replica: reply.headers?.get(REPLICA_HEADER) ?? 'none' };
  }

  /** The nonce of an accepted tx; it may be invisible for a moment while its block is being indexed. */
  async function nonceOf(hash: string): Promise<bigint> {
    let tx: { nonce: string } | null | undefined;
    await waitFor(
      async () => {
        tx = (await rpc<{ nonce: string } | null>(stack.httpUrl, 'eth_getTransactionByHash', [hash])).result;
        return tx !== null && tx !== undefined;
      },
      { what: `transaction ${hash}`, timeoutMs: 20_000 },
    );
    return BigInt(tx!.nonce);
  }

  it('default: 100 concurrent sends are all mined with nonces 0..99', async () => {
    const started = Date.now();
    const sent = await Promise.all(Array.from({ length: SENDS }, () => send()));
    const elapsedMs = Date.now() - started;
    process.stdout.write(`${kind}: ${SENDS} eth_sendTransaction accepted in ${elapsedMs} ms\n`);
    if (kind === 'cluster') expect(new Set(sent.map((s) => s.replica)).size).toBe(2);
    await waitFor(
      async () =>
        (await rpc<string>(stack.httpUrl, 'eth_getTransactionCount', [account, 'latest'])).result ===
        `0x${SENDS.toString(16)}`,
      { what: `${SENDS} sends to be mined`, timeoutMs: 60_000, intervalMs: 200 },
    );
    const nonces = await Promise.all(sent.map((s) => nonceOf(s.hash)));
    expect(nonces.sort((a, b) => Number(a - b))).toEqual(Array.from({ length: SENDS }, (_, i) => BigInt(i)));
  });

  it('behavior: a send failing after its nonce was reserved gives the nonce back', async () => {
    const refused = await rpc(stack.httpUrl, 'personal_sendTransaction', [
      { from: account, to: RECIPIENT, value: '0x1' },
      'wrong passphrase',
    ]);
    expect(refused.error).toBeDefined();
    expect(await nonceOf((await send()).hash)).toBe(BigInt(SENDS));
  });
});
