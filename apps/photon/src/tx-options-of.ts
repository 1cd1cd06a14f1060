// The tx service's part of a command's config (`photon tx` and `photon start` alike), submitting to the
// engine at `engineUrl`.
import type { TxConfig } from '@photon/config';
import type { NonceStore } from '@photon/store';
import type { TxOptions } from '@photon/tx';

type TxSettings = Pick<TxConfig, 'chainId' | 'allowUnprotectedTxs'>;

export function txOptionsOf(config: TxSettings, engineUrl: URL, nonces: NonceStore): TxOptions {
  return {
    chainId: config.chainId.eip155,
    engineUrl,
    allowUnprotectedTxs: config.allowUnprotectedTxs,
    nonces,
  };
}
