// The engine's mempool as geth's txpool sees it: every Ethereum tx in it is pending (Ethermint admits only
// executable ones), none is queued. CometBFT lists at most 100 mempool txs per call; the pending pool adds
// the txs the tier accepted beyond those.
import { Injectable } from '@nestjs/common';
import { PendingPool } from '@photon/engine-client';
import type { EthTransactionRecord } from '@photon/types';
import { getAddress } from 'ethers';
import { type TxpoolFromView, type TxpoolView, groupBySenderAndNonce } from './txpool-groups';

@Injectable()
export class TxpoolService {
  constructor(private readonly pool: PendingPool) {}

  async counts(): Promise<{ pending: number; queued: number }> {
    return { pending: await this.pool.count(), queued: 0 };
  }

  /** The pool's txs grouped by sender and nonce, each shown with `present`. */
  async view<T>(present: (tx: EthTransactionRecord) => T): Promise<TxpoolView<T>> {
    const pending = await this.pool.transactions();
    return { pending: groupBySenderAndNonce(pending, present), queued: {} };
  }

  /** One sender's txs keyed by nonce (geth's txpool_contentFrom); an empty pool half is `{}`. */
  async viewFrom<T>(sender: string, present: (tx: EthTransactionRecord) => T): Promise<TxpoolFromView<T>> {
    const { pending } = await this.view(present);
    return { pending: pending[getAddress(sender)] ?? {}, queued: {} };
  }
}
