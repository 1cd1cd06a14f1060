// Account state at a block (balance, storage, nonce, code) through Ethermint's x/evm queries at the
// resolved height; answers at the head are cached until the next block, answers at a block named by number
// or hash until evicted (its state is final), code by its hash.
import { Injectable } from '@nestjs/common';
import type { BlockParam } from '@photon/codec';
import { EvmQueryClient, PendingPool, type CacheStats, LruCache } from '@photon/engine-client';
import type { Hex } from '@photon/types';
import { BlockResolver } from '../chain/block-resolver';
import { FinalAnswers } from '../cache/final-answers';
import { ChainHead } from '../engine/chain-head';

/** keccak256 of no bytes: the code hash of every account without code. */
const EMPTY_CODE_HASH = '0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470';
const CODE_CACHE_ENTRIES = 1_024;
/** Storage slots eth_getStorageValues reads from the engine at once. */
const STORAGE_READS_AT_ONCE = 16;

@Injectable()
export class StateService {
  private readonly codeByHash = new LruCache<Hex, Hex>(CODE_CACHE_ENTRIES);

  constructor(
    private readonly head: ChainHead,
    private readonly resolver: BlockResolver,
    private readonly evm: EvmQueryClient,
    private readonly pool: PendingPool,
    private readonly final: FinalAnswers,
  ) {}

  balance(address: Hex, block: BlockParam | undefined): Promise<bigint> {
    return this.atState(block, `balance:${address}`, (height) => this.evm.balance(address, height));
  }

  /** The 32-byte value of `slot` (already a 32-byte key). */
  storage(address: Hex, slot: Hex, block: BlockParam | undefined): Promise<Hex> {
    return this.atState(block, `storage:${address}:${slot}`, (height) =>
      this.evm.storage(address, slot, height),
    );
  }

  /**
   * The 32-byte values of several accounts' slots, all read at the one height `block` selects, in the
   * order asked (at most 16 engine reads at once).
   */
  async storageValues(
    requests: ReadonlyMap<string, readonly string[]>,
    block: BlockParam | undefined,
  ): Promise<Map<string, Hex[]>> {
    const height = await this.heightOf(block);
    const reads = [...requests].flatMap(([address, slots]) => slots.map((slot) => ({ address, slot })));
    const values: Hex[] = new Array<Hex>(reads.length);
    for (let start = 0; start < reads.length; start += STORAGE_READS_AT_ONCE) {
      const batch = reads.slice(start, start + STORAGE_READS_AT_ONCE);
      const answers = await Promise.all(
        batch.map(({ address, slot }) => this.evm.storage(address as Hex, slot as Hex, height)),
      );
      answers.forEach((value, index) => (values[start + index] = value));
    }
    const result = new Map<string, Hex[]>();
    let next = 0;
    for (const [address, slots] of requests)
      result.set(
        address,
        slots.map(() => values[next++] as Hex),
      );
    return result;
  }

  /** The account nonce; `pending` also counts the sender's mempool txs that follow it without a gap. */
  async nonce(address: Hex, block: BlockParam | undefined): Promise<bigint> {
    if (block?.kind === 'tag' && block.tag === 'pending') return this.pendingNonce(address);
    return this.atState(
      block,
      `nonce:${address}`,
      async (height) => (await this.evm.account(address, height)).nonce,
    );
  }

  code(address: Hex, block: BlockParam | undefined): Promise<Hex> {
    return this.atState(block, `code:${address}`, (height) => this.codeAt(address, height));
  }

  codeCacheStats(): CacheStats {
    return this.codeByHash.stats();
  }

  /**
   * `load` at the height `block` selects (latest when absent). Tags other than `earliest` read the head, so
   * their answers are shared until the next block; an explicit block reads its own height.
   */
  private async atState<T>(
    block: BlockParam | undefined,
    key: string,
    load: (height: bigint) => Promise<T>,
  ): Promise<T> {
    if (block === undefined || (block.kind === 'tag' && block.tag !== 'earliest'))
      return this.head.perHead(key, load);
    const height = await this.resolver.stateHeight(block);
    return this.final.get(height, key, () => load(height));
  }

  /** The height whose state `block` names: the head for tags other than `earliest`. */
  private async heightOf(block: BlockParam | undefined): Promise<bigint> {
    if (block === undefined || (block.kind === 'tag' && block.tag !== 'earliest')) return this.head.latest();
    return this.resolver.stateHeight(block);
  }

  private async codeAt(address: Hex, height: bigint): Promise<Hex> {
    const { codeHash } = await this.evm.account(address, height);
    if (codeHash === EMPTY_CODE_HASH) return '0x';
    if (!/^0x[0-9a-f]{64}$/.test(codeHash)) return this.evm.code(address, height);
    const cached = this.codeByHash.get(codeHash);
    if (cached !== undefined) return cached;
    const code = await this.evm.code(address, height);
    this.codeByHash.set(codeHash, code);
    return code;
  }

  /** The committed nonce advanced past the sender's pending txs, the engine's 100 and the tier's record. */
  private pendingNonce(address: Hex): Promise<bigint> {
    return this.pool.nonce(address);
  }
}
