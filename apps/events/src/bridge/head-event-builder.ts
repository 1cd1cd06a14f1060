// One height as the head stream carries it: the header exactly as eth_getBlockByNumber answers it (so a
// newHeads hash is the block hash, unlike Ethermint's) without the body, and every log of the block as
// eth_getLogs answers them. Both come from the query service, which owns their formatting.
import { INTERNAL_CONTEXT, type HeadEvent, type MethodBus } from '@photon/bus';
import { encodeQuantity } from '@photon/codec';

/**
 * One block's header or logs answer fast; a request lost to a NATS restart must not hold the bridge for
 * a long scan timeout, since the next round asks again.
 */
const HEAD_READ_TIMEOUT_MS = 3_000;

/** Fields of eth_getBlockByNumber's answer that geth's header JSON (newHeads) does not have. */
const BODY_FIELDS = ['transactions', 'uncles', 'size', 'totalDifficulty'];

export async function buildHeadEvent(bus: MethodBus, height: bigint): Promise<HeadEvent | null> {
  const number = encodeQuantity(height);
  const [block, logs] = await Promise.all([
    ask(bus, 'eth_getBlockByNumber', [number, false]),
    ask(bus, 'eth_getLogs', [{ fromBlock: number, toBlock: number }]),
  ]);
  if (block === null || typeof block !== 'object' || !Array.isArray(logs)) return null;
  const header = Object.fromEntries(
    Object.entries(block as Record<string, unknown>).filter(([field]) => !BODY_FIELDS.includes(field)),
  );
  return { height: height.toString(), header, logs: logs as unknown[] };
}

function ask(bus: MethodBus, method: string, params: unknown[]): Promise<unknown> {
  return bus.request('query', { method, params, context: INTERNAL_CONTEXT }, HEAD_READ_TIMEOUT_MS);
}
