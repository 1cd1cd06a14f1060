// State at every committed height: trie nodes are never pruned, so a height's state is a trie at
// that height's root over the shared node store (behind a throwaway write layer). Also serves block
// hashes to BLOCKHASH, and hands out each block's new nodes so a data dir can keep them.
import type { Common } from '@ethereumjs/common';
import type { EVMMockBlockchainInterface } from '@ethereumjs/evm';
import { MerklePatriciaTrie } from '@ethereumjs/mpt';
import { MerkleStateManager } from '@ethereumjs/statemanager';
import { type DB, MapDB, ValueEncoding } from '@ethereumjs/util';
import { CommittedReads } from './committed-reads';
import { CommittedState } from './committed-state';
import { CommittedTrieWalk } from './committed-trie-walk';
import { UnknownHeightError } from './errors';
import { type Key, OverlayDB, type Value } from './overlay-db';
import { QueryStateManager } from './query-state';
import { RecordingDB, type StateWrites } from './recording-db';
import type { BlockRecord, BlockTag } from './types';

const ZERO_HASH = new Uint8Array(32);

export class StateHistory {
  private readonly records = new Map<number, BlockRecord>();
  private latest = -1;
  /** Every trie node ever committed (state and storage tries, code), keyed by hash. */
  private readonly nodes = new MapDB<Key, Value>();
  /** The chain's own writes pass through here, so each block's new nodes can be taken. */
  private readonly recorder = new RecordingDB(this.nodes);
  /** What query VMs read from the tries, by root: shared by every height and VM. */
  private readonly committedReads = new CommittedReads();
  /** The tries' nodes as read lately, decoded: shared by every height and VM, as the node store is. */
  private readonly trieWalk = new CommittedTrieWalk();
  /** Balance, nonce, code and storage reads at a height, over one write layer nothing is meant to write to. */
  private readonly committedState: CommittedState;

  constructor(private readonly common: Common) {
    // Read through a write layer nothing is meant to write to, as every query state is.
    const readLayer = this.trie(new OverlayDB(this.nodes)).database();
    this.committedState = new CommittedState(readLayer, this.committedReads, this.trieWalk);
  }

  /** The chain's own state manager, writing to the node store (MerkleStateManager's default trie setup). */
  createState(): MerkleStateManager {
    return new MerkleStateManager({ common: this.common, trie: this.trie(this.recorder) });
  }

  private trie(db: DB<Key, Value>, root?: Uint8Array): MerklePatriciaTrie {
    return new MerklePatriciaTrie({
      db,
      valueEncoding: ValueEncoding.Bytes,
      useKeyHashing: true,
      common: this.common,
      ...(root === undefined ? {} : { root }),
    });
  }

  get latestHeight(): number {
    return this.latest;
  }

  /** Remembers a committed height; heights come in order, starting with genesis at 0. */
  commit(record: BlockRecord): void {
    if (record.height !== this.latest + 1) {
      throw new Error(`height ${record.height} committed after ${this.latest}`);
    }
    this.records.set(record.height, record);
    this.latest = record.height;
    // Genesis is rebuilt from its accounts on reopen: its nodes are not handed out with block 1's.
    if (record.height === 0) this.recorder.take();
  }

  /** The trie nodes written since the last take (by the blocks committed in between). */
  takeWrites(): StateWrites {
    return this.recorder.take();
  }

  /** Puts back a persisted height: its nodes go straight into the store, nothing is re-executed. */
  async restore(record: BlockRecord, writes: StateWrites): Promise<void> {
    for (const [key, value] of writes) await this.nodes.put(key, value);
    this.commit(record);
  }

  record(tag: BlockTag): BlockRecord {
    const height = tag === 'latest' ? this.latest : tag;
    const record = this.records.get(height);
    if (record === undefined) throw new UnknownHeightError(height, this.latest);
    return record;
  }

  setHash(height: number, hash: Uint8Array): void {
    this.record(height).hash = hash;
  }

  /** A private state manager at the height's root; what is written to it stays in its own layer. */
  stateAt(tag: BlockTag): { record: BlockRecord; state: MerkleStateManager } {
    const record = this.record(tag);
    return { record, state: new MerkleStateManager({ common: this.common, trie: this.overlayTrie(record) }) };
  }

  /** The committed state at the height, for reads (see CommittedState). */
  readsAt(tag: BlockTag): { stateRoot: Uint8Array; state: CommittedState } {
    return { stateRoot: this.record(tag).stateRoot, state: this.committedState };
  }

  /**
   * Like `stateAt`, for a state that serves many calls: accounts, code and storage it read are kept in
   * memory (checkpointed with the state), and trie reads go through the chain's CommittedReads.
   */
  queryStateAt(record: BlockRecord): QueryStateManager {
    return new QueryStateManager(
      { common: this.common, trie: this.overlayTrie(record) },
      this.committedReads,
      this.trieWalk,
    );
  }

  private overlayTrie(record: BlockRecord): MerklePatriciaTrie {
    return this.trie(new OverlayDB(this.nodes), record.stateRoot);
  }

  /** BLOCKHASH's view: the CometBFT hashes the wrapper reported, zero when unknown. */
  blockchain(): EVMMockBlockchainInterface {
    const blockchain: EVMMockBlockchainInterface = {
      getBlock: (number: number): Promise<{ hash(): Uint8Array }> => {
        const hash = this.records.get(number)?.hash ?? ZERO_HASH;
        return Promise.resolve({ hash: () => hash });
      },
      putBlock: () => Promise.resolve(),
      shallowCopy: () => blockchain,
    };
    return blockchain;
  }
}
