// What the tx service needs from its config, as a Nest token.
import type { AcceptedTxStore, FaucetCooldowns, NonceStore } from '@photon/store';
import type { RebroadcastSettings } from './rebroadcast/rebroadcast-plan';

export interface TxOptions {
  /** The tier's EIP-155 chain id (--chain-id): raw transactions must be signed for it. */
  readonly chainId: bigint;
  /** CometBFT RPC of the engine (a real node or the devnet). */
  readonly engineUrl: URL;
  /** --allow-unprotected-txs: accept legacy transactions signed without a chain id (pre-EIP-155). */
  readonly allowUnprotectedTxs: boolean;
  /** Where every replica reserves a sender's nonces: Redis in the cluster, memory for `photon start`. */
  readonly nonces: NonceStore;
  /** The record of every tx the engine took from this tier until mined or dropped (the same store). */
  readonly accepted: AcceptedTxStore;
  /** When kept txs the engine lost are sent again, and when they are given up. */
  readonly journal: JournalSettings;
  /** The bounds of eth_sendRawTransactionSync's wait (--tx-sync-timeout, --tx-sync-max-timeout, --tx-sync-max-waits). */
  readonly sync: SyncSendSettings;
  /** The faucet behind the gateway's --faucet-path; null without --faucet-key (it answers unavailable). */
  readonly faucet: FaucetSettings | null;
}

export interface JournalSettings extends RebroadcastSettings {
  /** Refusals at rebroadcast before a kept tx is dropped (--tx-rebroadcast-tries). */
  readonly maxTries: number;
  /** Between two rebroadcast rounds; also the length of a replica's turn. */
  readonly pollMs: number;
}

export interface SyncSendSettings {
  /** The wait when a call names none. */
  readonly defaultTimeoutMs: number;
  /** The longest wait a call may ask for. */
  readonly maxTimeoutMs: number;
  /** Calls one replica holds waiting at once. */
  readonly maxWaits: number;
}

export interface FaucetSettings {
  /** --faucet-key: the keystore account it sends from, unlocked at the keystore's start. */
  readonly key: string;
  /** --faucet-amount, in wei. */
  readonly amount: bigint;
  /** --faucet-cooldown: per address and per client. */
  readonly cooldownMs: number;
  /** Shared by every replica: Redis in the cluster, memory for `photon start`. */
  readonly cooldowns: FaucetCooldowns;
}

export const TX_OPTIONS = Symbol('TX_OPTIONS');
