// What building the log index reads of the chain, asked of the query service over the bus (it owns the
// Ethereum view of blocks and logs): the logs of a run of blocks, a block's hash, the earliest block kept.
import { INTERNAL_CONTEXT, type MethodBus } from '@photon/bus';
import { encodeQuantity } from '@photon/codec';
import { TIMEOUT_MS } from '@photon/types';

/** A log as the index needs it. */
export interface IndexedLog {
  readonly blockNumber: bigint;
  readonly address: string;
  readonly topics: readonly string[];
}

export interface IndexedChain {
  /** Every log of [from, to]; rejects with code -32005 when they exceed the result cap. */
  logs(from: bigint, to: bigint): Promise<IndexedLog[]>;
  /** Every log of one block, however many (a block by hash has no result cap). */
  blockLogs(height: bigint): Promise<IndexedLog[]>;
  /** The block's hash, or null when the engine does not have it. */
  blockHash(height: bigint): Promise<string | null>;
  /** The engine's earliest retained block. */
  earliest(): Promise<bigint>;
}

interface LogJson {
  blockNumber: string;
  address: string;
  topics: string[];
}

const indexed = (logs: unknown): IndexedLog[] =>
  (logs as LogJson[]).map((log) => ({
    blockNumber: BigInt(log.blockNumber),
    address: log.address,
    topics: log.topics,
  }));

export function busIndexedChain(bus: MethodBus): IndexedChain {
  const ask = (method: string, params: unknown[]): Promise<unknown> =>
    bus.request('query', { method, params, context: INTERNAL_CONTEXT }, TIMEOUT_MS.scan);
  const block = async (tag: string): Promise<{ hash: string; number: string } | null> =>
    (await ask('eth_getBlockByNumber', [tag, false])) as { hash: string; number: string } | null;
  return {
    logs: async (from, to) =>
      indexed(await ask('eth_getLogs', [{ fromBlock: encodeQuantity(from), toBlock: encodeQuantity(to) }])),
    blockLogs: async (height) => {
      const hash = (await block(encodeQuantity(height)))?.hash;
      if (hash === undefined) throw new Error(`log index: block ${height} not found`);
      return indexed(await ask('eth_getLogs', [{ blockHash: hash }]));
    },
    blockHash: async (height) => (await block(encodeQuantity(height)))?.hash ?? null,
    earliest: async () => BigInt((await block('earliest'))?.number ?? '0x1'),
  };
}
