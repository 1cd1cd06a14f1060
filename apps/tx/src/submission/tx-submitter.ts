// The one way a signed Ethereum transaction leaves the tier: wrapped as a Cosmos tx (fee in the chain's
// EVM denom), broadcast with broadcast_tx_sync, refusals in geth's words, each accepted tx recorded in the
// store (pending answers read past CometBFT's 100-tx listing with it) and its hash appended to the pending
// feed. The rebroadcaster sends a kept tx the engine lost through here again; a tx refused for a nonce the
// engine is not at yet, while the record holds the sender's accepted txs of every nonce between (an engine
// that restarted lost them, and the rebroadcaster's next round has not come), sends those first and is tried
// again, so a client is never refused a nonce the tier had already taken the one before.
import { Inject, Injectable, Logger } from '@nestjs/common';
import { PendingFeed } from '@photon/bus';
import { InvalidInputError } from '@photon/codec';
import {
  type CometBroadcastResult,
  CometHttpClient,
  EngineRpcError,
  EvmQueryClient,
} from '@photon/engine-client';
import { wrapEthereumTx } from '@photon/ethermint-wire';
import { getBytes, hexlify } from 'ethers';
import { TxJournalStats } from '../rebroadcast/tx-journal-stats';
import { TX_OPTIONS, type TxOptions } from '../tx-options';
import { ALREADY_KNOWN, checkTxError, isAlreadyInCache, nonceRefusal } from './check-tx-errors';

/**
 * What the engine made of a kept tx sent again: taken again, already there (its cache knows it), or
 * refused (the geth words of the refusal).
 */
export type Rebroadcast =
  | { readonly kind: 'accepted' }
  | { readonly kind: 'known' }
  | { readonly kind: 'refused'; readonly message: string };

/** Who sent an accepted tx and with which nonce: its entry in the accepted-tx record. */
export interface SubmittedBy {
  readonly sender: string;
  readonly nonce: bigint;
}

@Injectable()
export class TxSubmitter {
  private readonly log = new Logger('tx');
  /** x/evm Params.evm_denom: fixed at genesis in practice, so read once (again after a failed read). */
  private denom: Promise<string> | undefined;

  constructor(
    private readonly comet: CometHttpClient,
    private readonly evm: EvmQueryClient,
    private readonly pending: PendingFeed,
    private readonly stats: TxJournalStats,
    @Inject(TX_OPTIONS) private readonly options: TxOptions,
  ) {}

  /** Broadcasts `signedRaw` (EIP-2718 bytes whose Ethereum hash is `hash`) and returns `hash` once CheckTx took it. */
  async submit(signedRaw: Uint8Array, hash: string, by: SubmittedBy): Promise<string> {
    let answer = await this.broadcast(signedRaw);
    if (answer !== 'known' && answer.code !== 0 && (await this.filledNonceGap(answer, by)))
      answer = await this.broadcast(signedRaw);
    if (answer === 'known') throw new InvalidInputError(ALREADY_KNOWN);
    if (answer.code !== 0) throw checkTxError(answer);
    await this.record(signedRaw, hash, by);
    await this.pending
      .append(hash)
      .catch((error: unknown) => this.warn(`pending feed missed ${hash}`, error));
    return hash;
  }

  /** Sends a kept tx again; engine failures (unreachable, timeouts) throw. */
  async rebroadcast(signedRaw: Uint8Array): Promise<Rebroadcast> {
    const answer = await this.broadcast(signedRaw);
    if (answer === 'known') return { kind: 'known' };
    if (answer.code === 0) return { kind: 'accepted' };
    const { message } = checkTxError(answer);
    return message === ALREADY_KNOWN ? { kind: 'known' } : { kind: 'refused', message };
  }

  /**
   * When `answer` refuses a tx for a nonce above the engine's next one and the record holds the sender's
   * accepted txs of every nonce between, sends those again in order: whether all were taken (or known).
   */
  private async filledNonceGap(answer: CometBroadcastResult, by: SubmittedBy): Promise<boolean> {
    const refusal = nonceRefusal(answer);
    if (refusal === undefined || refusal.got !== by.nonce || refusal.expected >= by.nonce) return false;
    const kept = await this.options.accepted.forSender(by.sender).catch(() => []);
    const between = kept.filter((tx) => tx.nonce >= refusal.expected && tx.nonce < by.nonce);
    const whole =
      between.length === Number(by.nonce - refusal.expected) &&
      between.every((tx, i) => tx.nonce === refusal.expected + BigInt(i));
    if (!whole) return false;
    for (const tx of between) {
      const resent = await this.rebroadcast(getBytes(tx.raw));
      if (resent.kind === 'refused') return false;
      if (resent.kind === 'accepted') this.stats.sentAgain();
    }
    this.log.log(`sent ${between.length} kept txs of ${by.sender} again before nonce ${by.nonce}`);
    return true;
  }

  /** broadcast_tx_sync of the wrapped tx: CheckTx's answer, or 'known' when the engine's cache has it. */
  private async broadcast(signedRaw: Uint8Array): Promise<CometBroadcastResult | 'known'> {
    const cosmosTx = wrapEthereumTx(signedRaw, { layout: 'maintained', denom: await this.feeDenom() });
    try {
      return await this.comet.broadcastTxSync(cosmosTx);
    } catch (error) {
      if (error instanceof EngineRpcError && isAlreadyInCache(`${error.rpcMessage} ${error.data ?? ''}`))
        return 'known';
      throw error;
    }
  }

  /** The engine took the tx: a failed record write costs pending answers past 100 txs, not the send. */
  private async record(signedRaw: Uint8Array, hash: string, by: SubmittedBy): Promise<void> {
    try {
      await this.options.accepted.add({ hash, ...by, raw: hexlify(signedRaw), acceptedAtMs: Date.now() });
    } catch (error) {
      this.warn(`accepted tx ${hash} not recorded in the store`, error);
    }
  }

  private warn(what: string, error: unknown): void {
    this.log.warn(`${what}: ${error instanceof Error ? error.message : String(error)}`);
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
