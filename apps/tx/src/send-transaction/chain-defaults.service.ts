// Reads what eth_sendTransaction's defaults need from the chain: the pending nonce (the engine's mempool and
// the tier's accepted-tx record), the base fee (x/feemarket) and the suggested price and tip, asked of the
// query service that owns their rule.
import { Injectable } from '@nestjs/common';
import { type CallContext, INTERNAL_CONTEXT, MethodBus, withRequestId } from '@photon/bus';
import { decodeQuantity } from '@photon/codec';
import { EvmQueryClient, PendingPool } from '@photon/engine-client';
import { TIMEOUT_MS } from '@photon/types';
import type { ChainDefaults } from './tx-defaults';

@Injectable()
export class ChainDefaultsService {
  constructor(
    private readonly pool: PendingPool,
    private readonly evm: EvmQueryClient,
    private readonly bus: MethodBus,
  ) {}

  /** `requestId`: the send's request, which the query service's lines about these reads name. */
  async read(sender: string, chainId: bigint, requestId?: string): Promise<ChainDefaults> {
    const context = withRequestId(INTERNAL_CONTEXT, requestId);
    const [nonce, baseFee, gasPrice, tip] = await Promise.all([
      this.pool.nonce(sender),
      this.evm.baseFee(),
      this.askQuery('eth_gasPrice', context),
      this.askQuery('eth_maxPriorityFeePerGas', context),
    ]);
    return { pendingNonce: nonce, baseFee, gasPrice, tip, chainId };
  }

  private async askQuery(
    method: 'eth_gasPrice' | 'eth_maxPriorityFeePerGas',
    context: CallContext,
  ): Promise<bigint> {
    const answer = await this.bus.request('query', { method, params: [], context }, TIMEOUT_MS.read);
    return decodeQuantity(answer, { bits: 256 });
  }
}
