// What the engine node says about itself: sync progress and peers (status, net_info) and the coinbase,
// the EVM account of the latest block's proposer.
import { Injectable } from '@nestjs/common';
import { CometHttpClient, type CometNetInfo, EthereumChainReader } from '@photon/engine-client';
import type { Hex } from '@photon/types';
import { ChainHead } from '../engine/chain-head';
import { type SyncProgress, syncProgress } from './status-syncing';

@Injectable()
export class NodeStatusService {
  constructor(
    private readonly head: ChainHead,
    private readonly comet: CometHttpClient,
    private readonly reader: EthereumChainReader,
  ) {}

  /** Asked each time: catching up ends between blocks, and status is a single cheap call. */
  async syncing(): Promise<SyncProgress | false> {
    return syncProgress(await this.comet.status());
  }

  netInfo(): Promise<CometNetInfo> {
    return this.comet.netInfo();
  }

  /** The proposer of the head block as an EVM account (Ethermint's ValidatorAccount), once per head. */
  coinbase(): Promise<Hex> {
    return this.head.perHead('coinbase', async (head) => {
      const header = await this.comet.header(head);
      return this.reader.miner(header.proposerAddress);
    });
  }
}
