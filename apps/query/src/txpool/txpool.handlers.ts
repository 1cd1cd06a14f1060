// Handlers of the txpool namespace (exposed only when --rpc-api names it), in geth's shapes.
import { Injectable } from '@nestjs/common';
import { RpcMethod } from '@photon/bus';
import {
  NoParams,
  type RpcTransaction,
  TxpoolContentFromParams,
  decodeParams,
  encodeQuantity,
  formatTransaction,
} from '@photon/codec';
import { type TxpoolFromView, type TxpoolView, inspectLine } from './txpool-groups';
import { TxpoolService } from './txpool.service';

@Injectable()
export class TxpoolHandlers {
  constructor(private readonly txpool: TxpoolService) {}

  /** Handler for txpool_status. */
  @RpcMethod('txpool_status')
  async status(params: unknown): Promise<{ pending: string; queued: string }> {
    decodeParams(NoParams, params);
    const { pending, queued } = await this.txpool.counts();
    return { pending: encodeQuantity(pending), queued: encodeQuantity(queued) };
  }

  /** Handler for txpool_content: full pending transaction objects. */
  @RpcMethod('txpool_content')
  async content(params: unknown): Promise<TxpoolView<RpcTransaction>> {
    decodeParams(NoParams, params);
    return this.txpool.view(formatTransaction);
  }

  /** Handler for txpool_contentFrom: one sender's full transaction objects, keyed by nonce. */
  @RpcMethod('txpool_contentFrom')
  async contentFrom(params: unknown): Promise<TxpoolFromView<RpcTransaction>> {
    const { address } = decodeParams(TxpoolContentFromParams, params);
    return this.txpool.viewFrom(address, formatTransaction);
  }

  /** Handler for txpool_inspect: one text line per transaction. */
  @RpcMethod('txpool_inspect')
  async inspect(params: unknown): Promise<TxpoolView<string>> {
    decodeParams(NoParams, params);
    return this.txpool.view(inspectLine);
  }
}
