// The floor relay's query side (see start-relay.ts): takes `eth_call`, `eth_getBalance` and
// `web3_clientVersion` off NATS and answers them through Photon's engine client (the same abci_query
// requests, batched per turn as the query service's are), with none of the query service's own work: no
// params decoding or validation, no head tracking but one height read every 200 ms, no caches, limits or
// metrics. Run as `node relay-query.js <nats url> <subject> <engine url>`.
import { CometHttpClient, EvmQueryClient, type TransactionArgsJson } from '@photon/engine-client';
import { CoalescingPublisher } from '@photon/bus';
import { connect } from 'nats';

interface Request {
  readonly id: unknown;
  readonly method: string;
  readonly params?: readonly unknown[];
}

const [natsUrl = '', subject = '', engineUrl = ''] = process.argv.slice(2);
if (natsUrl === '' || subject === '' || engineUrl === '') {
  console.error('usage: node relay-query.js <nats url> <subject> <engine url>');
  process.exit(2);
}

const comet = new CometHttpClient(engineUrl, { maxBatch: 10 });
const evm = new EvmQueryClient(comet);
let height = 0n;
const readHeight = async () => {
  height = (await comet.status()).syncInfo.latestBlockHeight;
};

function answer(request: Request): Promise<unknown> {
  const [first] = request.params ?? [];
  if (request.method === 'web3_clientVersion') return Promise.resolve('photon-floor-relay');
  if (request.method === 'eth_getBalance')
    return evm.balance(first as `0x${string}`, height).then((wei) => `0x${wei.toString(16)}`);
  if (request.method !== 'eth_call') return Promise.reject(new Error(`${request.method} is not relayed`));
  const tx = first as { from?: string; to?: string; data?: string; input?: string };
  const input = tx.input ?? tx.data;
  const args: TransactionArgsJson = { from: tx.from, to: tx.to, input, data: input };
  return evm.ethCall({ args, gasCap: 25_000_000n, chainId: 9000n, height }).then((result) => result.ret);
}

const outcome = (request: Request): Promise<object> =>
  answer(request).then(
    (result) => ({ jsonrpc: '2.0', id: request.id, result }),
    (failure: unknown) => ({
      jsonrpc: '2.0',
      id: request.id,
      error: { code: -32000, message: String(failure) },
    }),
  );

async function main(): Promise<void> {
  await readHeight();
  setInterval(() => void readHeight().catch(() => undefined), 200).unref();
  const connection = await connect({ servers: natsUrl });
  // Publishes coalesced per event-loop turn, as Photon's services send theirs (without it, no floor).
  const publisher = new CoalescingPublisher(connection, (_, error) => console.error(String(error)));
  connection.subscribe(subject, {
    queue: 'relay-query',
    callback: (error, msg) => {
      if (error !== null || msg.reply === undefined) return;
      const reply = msg.reply;
      // A batch comes whole, as the gateway's batch of one service's items does.
      const body = JSON.parse(msg.string()) as Request | Request[];
      const answered = Array.isArray(body) ? Promise.all(body.map(outcome)) : outcome(body);
      void answered.then((json) => publisher.publish(reply, Buffer.from(JSON.stringify(json))));
    },
  });
}

void main();
