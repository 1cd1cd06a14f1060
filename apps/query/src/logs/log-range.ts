// The block range of an eth_getLogs call, resolved as geth does it: absent bounds and the tags that name
// the head read the latest block, `earliest` the engine's first retained block; errors in geth's words.
import { type BlockNumberOrTag, InvalidInputError, InvalidParamsError } from '@photon/codec';

export interface BlockRange {
  readonly from: bigint;
  readonly to: bigint;
}

/** What resolving a range needs to know of the chain. */
export interface RangeChain {
  /** The head as the service knows it (pushed, so it may trail the engine by a moment). */
  head(): Promise<bigint>;
  /** The head as the engine says it now. */
  engineHead(): Promise<bigint>;
  /** The engine's earliest retained block. */
  earliest(): Promise<bigint>;
}

const beyond = (bound: BlockNumberOrTag | undefined, head: bigint): boolean =>
  bound?.kind === 'number' && bound.number > head;

export async function resolveLogRange(
  from: BlockNumberOrTag | undefined,
  to: BlockNumberOrTag | undefined,
  chain: RangeChain,
): Promise<BlockRange> {
  // geth refuses two explicit numbers in the wrong order before it looks at the chain, with -32000.
  if (from?.kind === 'number' && to?.kind === 'number' && from.number > to.number) {
    throw new InvalidInputError('invalid block range params');
  }
  let head = await chain.head();
  // A client that just read the block number from another replica may be a block ahead of this one.
  if (beyond(from, head) || beyond(to, head)) head = await chain.engineHead();
  if (beyond(to, head)) throw new InvalidParamsError('block range extends beyond current head block');
  const range = { from: await bound(from, head, chain), to: await bound(to, head, chain) };
  if (range.from > range.to) throw new InvalidParamsError('invalid block range params');
  return range;
}

async function bound(param: BlockNumberOrTag | undefined, head: bigint, chain: RangeChain): Promise<bigint> {
  if (param === undefined) return head;
  if (param.kind === 'number') return param.number;
  // Instant finality: pending, safe and finalized are the latest block, as Ethermint serves them.
  return param.tag === 'earliest' ? chain.earliest() : head;
}
