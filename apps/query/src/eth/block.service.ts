// Finds the assembled block (header, transactions, receipts) a block selector names. Committed blocks
// never change, so the reader's LRU answers repeated reads of a height or a hash without the engine.
import { Injectable } from '@nestjs/common';
import type { BlockParam } from '@photon/codec';
import { type AssembledBlock, EthereumChainReader } from '@photon/engine-client';
import type { Hex } from '@photon/types';
import { BlockResolver } from '../chain/block-resolver';
import { ChainHead } from '../engine/chain-head';

@Injectable()
export class BlockService {
  constructor(
    private readonly head: ChainHead,
    private readonly resolver: BlockResolver,
    private readonly reader: EthereumChainReader,
  ) {}

  /** The latest committed height: pushed by the engine's block events, so usually no engine call. */
  latestNumber(): Promise<bigint> {
    return this.head.latest();
  }

  /** The block a tag, number, hash or EIP-1898 selector names; null when the engine has no such block. */
  async block(param: BlockParam): Promise<AssembledBlock | null> {
    // Every block the engine has is canonical (instant finality), so requireCanonical changes nothing.
    if (param.kind === 'hash') return this.byHash(param.hash);
    const height = await this.resolver.blockHeight(param);
    return height === null ? null : this.reader.blockByNumber(height);
  }

  byHash(hash: string): Promise<AssembledBlock | null> {
    return this.reader.blockByHash(hash.toLowerCase() as Hex);
  }
}
