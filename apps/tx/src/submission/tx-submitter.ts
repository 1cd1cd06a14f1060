// The one way a signed Ethereum transaction leaves the tier: wrapped as a Cosmos tx (fee in the chain's
// EVM denom), broadcast with broadcast_tx_sync, refusals in geth's words, each accepted hash published.
import { Injectable } from '@nestjs/common';
import { MethodBus } from '@photon/bus';
import { InvalidInputError } from '@photon/codec';
import { CometHttpClient, EngineRpcError, EvmQueryClient } from '@photon/engine-client';
import { wrapEthereumTx } from '@photon/ethermint-wire';
import { ALREADY_KNOWN, checkTxError, isAlreadyInCache } from './check-tx-errors';

@Injectable()
export class TxSubmitter {
  /** x/evm Params.evm_denom: fixed at genesis in practice, so read once (again after a failed read). */
  private denom: Promise<string> | undefined;

  constructor(
    private readonly comet: CometHttpClient,
    private readonly evm: EvmQueryClient,
    private readonly bus: MethodBus,
  ) {}

  /** Broadcasts `signedRaw` (EIP-2718 bytes whose Ethereum hash is `hash`) and returns `hash` once CheckTx took it. */
  async submit(signedRaw: Uint8Array, hash: string): Promise<string> {
    const cosmosTx = wrapEthereumTx(signedRaw, { layout: 'maintained', denom: await this.feeDenom() });
    let answer;
    try {
      answer = await this.comet.broadcastTxSync(cosmosTx);
    } catch (error) {
      if (error instanceof EngineRpcError && isAlreadyInCache(`${error.rpcMessage} ${error.data ?? ''}`)) {
        throw new InvalidInputError(ALREADY_KNOWN);
      }
      throw error;
    }
    if (answer.code !== 0) throw checkTxError(answer);
    this.bus.publish('tx.pending', { hash });
    return hash;
  }

  private feeDenom(): Promise<string> {
    this.denom ??= this.evm.params().then(
      (params) => params.evmDenom,
      (error: unknown) => {
        this.denom = undefined;
        throw error;
      },
    );
    return this.denom;
  }
}
