// `pnpm bench:hot-path`: the main thread's per-request pieces measured alone, in one process, so a change to one
// of them can be judged without the noise of a whole-stack run: an eth_call's params decoded, its engine request
// encoded and answer decoded, Keccak-256 (ours against noble's, ethers' own), and a block read through the
// engine client's reader replayed from the recorded devnet block (5 txs), with each Keccak in turn. CPU µs
// per operation, the median of 5 repetitions (of 3 rounds for the block reads).
import { EthCallParams, decodeParams } from '@photon/codec';
import { CometHttpClient, EthereumChainReader, EvmQueryClient, type RpcParams } from '@photon/engine-client';
import { EthCallRequest, MsgEthereumTxResponse, keccak256Bytes } from '@photon/ethermint-wire';
import { workspaceRoot } from '@photon/testing';
import { keccak256 } from 'ethers';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { textTable } from './text-table';

const REPETITIONS = 5;
const TOKEN = '0x5fbdb2315678afecb367f032d93f642f64180aa3';

/** Median CPU µs per call of `run` over REPETITIONS runs of `calls` calls each, after one warm-up run. */
async function cpuMicros(calls: number, run: (i: number) => unknown): Promise<number> {
  const once = async (): Promise<number> => {
    const start = process.cpuUsage();
    for (let i = 0; i < calls; i++) await run(i);
    const used = process.cpuUsage(start);
    return (used.user + used.system) / calls;
  };
  await once();
  const samples: number[] = [];
  for (let r = 0; r < REPETITIONS; r++) samples.push(await once());
  return samples.sort((a, b) => a - b)[REPETITIONS >> 1]!;
}

/** ethers' own Keccak-256 (noble's), kept by ethers as `keccak256._` whatever is registered. */
const nobleKeccak = (keccak256 as unknown as { _: (data: Uint8Array) => Uint8Array })._;

/** balanceOf(holder k) on the token, as a client sends it. */
const callParams = (k: number): unknown[] => [
  { to: TOKEN, data: `0x70a08231${'0'.repeat(24)}${(0x1000_0000_0000 + k).toString(16).padStart(40, '0')}` },
  'latest',
];

interface RecordedExchange {
  readonly method: string;
  readonly params?: RpcParams;
  readonly response: unknown;
}

/** A CometHttpClient answering from the recorded devnet exchanges, each parsed from its JSON text. */
function replayedComet(): CometHttpClient {
  const fixture = join(workspaceRoot(), 'libs/engine-client/src/testing/fixtures/devnet/devnet-0.38.json');
  const { exchanges } = JSON.parse(readFileSync(fixture, 'utf8')) as { exchanges: RecordedExchange[] };
  const texts = new Map(
    exchanges.map((e) => [`${e.method} ${JSON.stringify(e.params ?? {})}`, JSON.stringify(e.response)]),
  );
  const comet = new CometHttpClient('http://127.0.0.1:1');
  comet.call = (method: string, params: RpcParams = {}): Promise<unknown> => {
    const given = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined));
    const text = texts.get(`${method} ${JSON.stringify(given)}`);
    if (text === undefined)
      return Promise.reject(new Error(`no recorded ${method} ${JSON.stringify(given)}`));
    const answer = JSON.parse(text) as { result?: unknown; error?: { message: string } };
    return answer.error === undefined
      ? Promise.resolve(answer.result)
      : Promise.reject(new Error(answer.error.message));
  };
  return comet;
}

async function main(): Promise<void> {
  const rows: string[][] = [];
  const add = (what: string, micros: number): void => {
    rows.push([what, micros.toFixed(2)]);
    console.log(`${what}: ${micros.toFixed(2)} µs`);
  };

  add(
    'eth_call params decoded (balanceOf)',
    await cpuMicros(20_000, (k) => decodeParams(EthCallParams, callParams(k))),
  );
  const args = Buffer.from(JSON.stringify(callParams(0)[0]));
  add(
    'EthCallRequest encoded',
    await cpuMicros(20_000, () =>
      EthCallRequest.encode({
        args,
        gasCap: 25_000_000n,
        proposerAddress: new Uint8Array(20),
        chainId: 9000n,
        overrides: new Uint8Array(),
      }),
    ),
  );
  const answer = MsgEthereumTxResponse.encode({
    hash: `0x${'cd'.repeat(32)}`,
    logs: [],
    ret: new Uint8Array(32).fill(7),
    vmError: '',
    gasUsed: 23_456n,
    blockHash: new Uint8Array(),
  });
  add('MsgEthereumTxResponse decoded', await cpuMicros(20_000, () => MsgEthereumTxResponse.decode(answer)));
  for (const size of [32, 300]) {
    const data = new Uint8Array(size).fill(7);
    add(`Keccak-256 of ${size} bytes, js-sha3 (ours)`, await cpuMicros(20_000, () => keccak256Bytes(data)));
    add(`Keccak-256 of ${size} bytes, noble (ethers' own)`, await cpuMicros(20_000, () => nobleKeccak(data)));
  }

  const comet = replayedComet();
  const evm = new EvmQueryClient(comet);
  const fixtureHeight = 3n;
  // A new reader each time: its block cache would answer every read after the first.
  const readBlock = async (): Promise<void> => {
    const found = await new EthereumChainReader(comet, evm).blockByNumber(fixtureHeight);
    if (found?.block.transactions.length !== 5) throw new Error('the recorded block 3 did not come back');
  };
  // The two hashings in turn, a round each, so a box that speeds up or slows down moves both alike.
  const withNoble = async (): Promise<number> => {
    keccak256.register(nobleKeccak);
    try {
      return await cpuMicros(500, readBlock);
    } finally {
      keccak256.register(keccak256Bytes);
    }
  };
  const ours: number[] = [];
  const noble: number[] = [];
  for (let round = 0; round < 3; round++) {
    ours.push(await cpuMicros(500, readBlock));
    noble.push(await withNoble());
  }
  const median = (values: number[]): number => values.sort((a, b) => a - b)[1]!;
  add('block read, 5 txs, replayed (ethers hashing with js-sha3)', median(ours));
  add("block read, 5 txs, replayed (ethers hashing with noble's)", median(noble));

  console.log(`\n${textTable(['operation', 'CPU µs'], rows, 1)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
