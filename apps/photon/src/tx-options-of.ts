// The tx service's part of a command's config (`photon tx` and `photon start` alike), submitting to the
// engine at `engineUrl`.
import type { TxConfig } from '@photon/config';
import type { AcceptedTxStore, FaucetCooldowns, NonceStore } from '@photon/store';
import type { TxOptions } from '@photon/tx';

type TxSettings = Pick<
  TxConfig,
  | 'chainId'
  | 'allowUnprotectedTxs'
  | 'faucetKey'
  | 'faucetAmount'
  | 'faucetCooldownMs'
  | 'txRebroadcastBlocks'
  | 'txRebroadcastTries'
  | 'txpoolLifetimeMs'
  | 'txSyncTimeoutMs'
  | 'txSyncMaxTimeoutMs'
  | 'txSyncMaxWaits'
>;

/** Between two rebroadcast rounds: a kept tx the engine lost in a restart goes again within it. */
const REBROADCAST_POLL_MS = 1_000;

/** The stores every tx replica shares: Redis in the cluster, memory in `photon start`. */
export interface TxStores {
  readonly nonces: NonceStore;
  readonly accepted: AcceptedTxStore;
  readonly faucetCooldowns: FaucetCooldowns;
}

export function txOptionsOf(config: TxSettings, engineUrl: URL, stores: TxStores): TxOptions {
  return {
    chainId: config.chainId.eip155,
    engineUrl,
    allowUnprotectedTxs: config.allowUnprotectedTxs,
    nonces: stores.nonces,
    accepted: stores.accepted,
    journal: {
      blocks: config.txRebroadcastBlocks,
      maxTries: config.txRebroadcastTries,
      lifetimeMs: config.txpoolLifetimeMs,
      pollMs: REBROADCAST_POLL_MS,
    },
    sync: {
      defaultTimeoutMs: config.txSyncTimeoutMs,
      maxTimeoutMs: config.txSyncMaxTimeoutMs,
      maxWaits: config.txSyncMaxWaits,
    },
    faucet:
      config.faucetKey === null
        ? null
        : {
            key: config.faucetKey,
            amount: config.faucetAmount,
            cooldownMs: config.faucetCooldownMs,
            cooldowns: stores.faucetCooldowns,
          },
  };
}

/**
 * The accepted-tx store's own age bound: a minute past --txpool-lifetime, so the rebroadcaster drops (and
 * counts) an expired tx before the store forgets it.
 */
export function acceptedTxLimits(config: Pick<TxConfig, 'txpoolLifetimeMs'>): { maxAgeMs: number } {
  return { maxAgeMs: config.txpoolLifetimeMs + 60_000 };
}
