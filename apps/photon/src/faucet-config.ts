// The faucet's settings that only make sense together, checked before `photon start` starts anything.
// (In the cluster the path is the gateway's and the key the tx service's: a tx service without the key
// answers the faucet with 503 faucet_unavailable.)
import { ConfigError, type StartConfig } from '@photon/config';

export function checkFaucetConfig(config: Pick<StartConfig, 'faucetPath' | 'faucetKey'>): void {
  if (config.faucetPath !== null && config.faucetKey === null)
    throw new ConfigError('--faucet-path needs --faucet-key (the keystore account the faucet sends from)');
}
