// Turns a block parameter into a height. Ethermint has instant finality, so `safe`, `finalized` and
// `pending` read the latest committed block; `earliest` is the engine's earliest retained block, and so is
// block 0, as Ethermint's rpc/types.BlockNumber maps both (a CometBFT chain has no block 0: its genesis
// state is the state of the initial height).
import { Injectable } from '@nestjs/common';
import { type BlockParam, InvalidInputError } from '@photon/codec';
import { CometHttpClient, EthereumChainReader } from '@photon/engine-client';
import type { Hex } from '@photon/types';
import { ChainHead } from '../engine/chain-head';

@Injectable()
export class BlockResolver {
  constructor(
    private readonly head: ChainHead,
    private readonly reader: EthereumChainReader,
    private readonly comet: CometHttpClient,
  ) {}

  /** The height a block read asks for, or null when there is no such block (the method answers null). */
  async blockHeight(param: BlockParam): Promise<bigint | null> {
    switch (param.kind) {
      case 'tag':
        return param.tag === 'earliest' ? this.earliest() : this.head.latest();
      case 'number':
        if (param.number === 0n) return this.earliest();
        return (await this.committed(param.number)) ? param.number : null;
      case 'hash': {
        const found = await this.reader.blockByHash(param.hash as Hex);
        return found === null ? null : found.block.number;
      }
    }
  }

  /**
   * The height a state read runs at; a block the engine does not have is geth's `header not found`.
   * CometBFT has no block 0, and an abci_query at height 0 would silently read the latest state instead.
   */
  async stateHeight(param: BlockParam): Promise<bigint> {
    const height = await this.blockHeight(param);
    if (height !== null && height > 0n) return height;
    throw new InvalidInputError(param.kind === 'hash' ? 'header for hash not found' : 'header not found');
  }

  /**
   * Whether the engine has committed `height`. The streamed head trails the engine by a moment (the events
   * leader builds each head from this service's own answers), so a height past it is checked with the
   * engine before it counts as unknown (a receipt just named it).
   */
  private async committed(height: bigint): Promise<boolean> {
    if (height <= (await this.head.latest())) return true;
    const engineHead = await this.reader.latestHeight();
    this.head.atLeast(engineHead);
    return height <= engineHead;
  }

  private earliest(): Promise<bigint> {
    // A pruned node's first block moves only when it prunes: once per head is often enough.
    return this.head.perHead(
      'earliest',
      async () => (await this.comet.status()).syncInfo.earliestBlockHeight,
    );
  }
}
