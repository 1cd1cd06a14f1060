// The gateway's part of a command's config: exactly the listener settings of the schema.
import { LISTENER_SCHEMA, type ConfigOf, pickConfig } from '@photon/config';
import type { GatewayOptions } from '@photon/gateway';

export function gatewayOptionsOf(config: ConfigOf<typeof LISTENER_SCHEMA>): GatewayOptions {
  return pickConfig(LISTENER_SCHEMA, config);
}
