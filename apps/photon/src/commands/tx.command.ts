// `photon tx`: the tx service alone, answering its queue group on NATS and publishing accepted hashes;
// senders' nonces are reserved in Redis so every replica shares one sequence per account, and every
// accepted tx is kept there (for pending answers past CometBFT's 100-tx listing, and sent again by one
// replica per turn when the engine lost it), and so are the faucet's cooldowns.
import type { TxConfig } from '@photon/config';
import { RedisAcceptedTxStore, RedisFaucetCooldowns, RedisNonceStore } from '@photon/store';
import { TxModule } from '@photon/tx';
import { serveClusterService } from '../cluster-service';
import type { PhotonLogger } from '../photon-logger';
import { stopProcessOnMismatch, verifyEngineChainId } from '../engine-chain-id';
import { acceptedTxLimits, txOptionsOf } from '../tx-options-of';
import { watchTx } from '../ops/tx-sources';
import { engineCheck } from '../ops/engine-check';

export async function txCommand(config: TxConfig, logger: PhotonLogger): Promise<void> {
  await verifyEngineChainId(config.node, config.chainId, stopProcessOnMismatch('tx', logger));
  await serveClusterService(
    config,
    {
      name: 'tx',
      engine: engineCheck(config.node),
      watch: watchTx,
      module: (redis) =>
        TxModule.register(
          txOptionsOf(config, config.node, {
            nonces: new RedisNonceStore(redis, { prefix: config.busPrefix }),
            accepted: new RedisAcceptedTxStore(redis, {
              prefix: config.busPrefix,
              ...acceptedTxLimits(config),
            }),
            faucetCooldowns: new RedisFaucetCooldowns(redis, { prefix: config.busPrefix }),
          }),
        ),
    },
    logger,
  );
}
