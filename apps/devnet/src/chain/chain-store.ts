// The committed chain in memory: blocks by height and by hash, and a tx index by CometBFT hash,
// Ethereum hash and (height, index), which `tx`, `tx_search` and the engine client rely on.
import { encodeHex } from '../comet';
import type { CommittedBlock } from './committed-block';

export interface TxLocation {
  readonly height: bigint;
  readonly index: number;
}

export class ChainStore {
  private readonly byHeight = new Map<bigint, CommittedBlock>();
  private readonly heightByHash = new Map<string, bigint>();
  private readonly txByCometHash = new Map<string, TxLocation>();
  private readonly txByEthHash = new Map<string, TxLocation>();
  private latest = 0n;

  /** The first retained height (1 until pruning exists). */
  readonly earliestHeight = 1n;

  get latestHeight(): bigint {
    return this.latest;
  }

  add(committed: CommittedBlock): void {
    const height = committed.block.header.height;
    if (height !== this.latest + 1n) throw new Error(`block ${height} does not follow ${this.latest}`);
    this.byHeight.set(height, committed);
    this.heightByHash.set(encodeHex(committed.id.hash), height);
    committed.txHashes.forEach((hash, index) => this.txByCometHash.set(encodeHex(hash), { height, index }));
    committed.executed.txs.forEach((tx, i) =>
      this.txByEthHash.set(tx.hash.toLowerCase(), { height, index: committed.cometIndexOfTx[i]! }),
    );
    this.latest = height;
  }

  at(height: bigint): CommittedBlock | undefined {
    return this.byHeight.get(height);
  }

  byHash(hash: Uint8Array): CommittedBlock | undefined {
    const height = this.heightByHash.get(encodeHex(hash));
    return height === undefined ? undefined : this.byHeight.get(height);
  }

  txByHash(cometHash: Uint8Array): TxLocation | undefined {
    return this.txByCometHash.get(encodeHex(cometHash));
  }

  txByEthereumHash(ethHash: string): TxLocation | undefined {
    return this.txByEthHash.get(ethHash.toLowerCase());
  }
}
