// Picks the gateway's part out of a loaded config.
import type { GatewayOptions } from '@photon/gateway';

export function gatewayOptionsOf(config: GatewayOptions): GatewayOptions {
  const { laddr, wsport, rpcApi, corsOrigins, maxBodyBytes, maxBatchItems } = config;
  const { maxBatchResponseBytes, wsMaxMessageBytes, wsPingSeconds } = config;
  return {
    laddr,
    wsport,
    rpcApi,
    corsOrigins,
    maxBodyBytes,
    maxBatchItems,
    maxBatchResponseBytes,
    wsMaxMessageBytes,
    wsPingSeconds,
  };
}
