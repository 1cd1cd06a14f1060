// What the deploy files are held to: each photon command's schema (the CLI's own table, checked
// against `photon <command> --help`), which settings open a listener, and the health paths probed.
import {
  DEVNET_SCHEMA,
  EVENTS_SCHEMA,
  GATEWAY_SCHEMA,
  KEYSTORE_SCHEMA,
  OPTIONS,
  QUERY_SCHEMA,
  START_SCHEMA,
  TX_SCHEMA,
  type ListenAddress,
  type Schema,
} from '@photon/config';
import type { ProbeKind } from './photon-containers';

export const COMMAND_SCHEMAS: Readonly<Record<string, Schema>> = {
  start: START_SCHEMA,
  gateway: GATEWAY_SCHEMA,
  query: QUERY_SCHEMA,
  tx: TX_SCHEMA,
  events: EVENTS_SCHEMA,
  keystore: KEYSTORE_SCHEMA,
  devnet: DEVNET_SCHEMA,
};

/** The paths probed: Photon's health endpoints (gateway and ops listener), CometBFT's for the devnet. */
export const PROBE_PATHS: Readonly<Record<'photon' | 'devnet', Readonly<Record<ProbeKind, string>>>> = {
  photon: { startup: '/healthz', readiness: '/readyz', liveness: '/healthz' },
  devnet: { startup: '/health', readiness: '/health', liveness: '/health' },
};

/**
 * The addresses a container listens on, by the variable that sets each: every listen-address option
 * of its command's schema (the variable's value, else the default; an unset default means no
 * listener), and the gateway's websocket port on its --laddr host.
 */
export function listenPortsOf(
  schema: Schema,
  env: ReadonlyMap<string, string | null>,
): Map<string, ListenAddress> {
  const listen = new Map<string, ListenAddress>();
  for (const spec of Object.values(schema)) {
    if (spec.parse !== OPTIONS.laddr.parse) continue;
    const raw = env.get(spec.env);
    const address = (typeof raw === 'string' ? spec.parse(raw) : spec.default) as ListenAddress | null;
    if (address !== null) listen.set(spec.env, address);
  }
  const laddr = listen.get(OPTIONS.laddr.env);
  const { wsport } = OPTIONS;
  if (laddr !== undefined && Object.values(schema).includes(wsport)) {
    const raw = env.get(wsport.env);
    listen.set(wsport.env, {
      host: laddr.host,
      port: typeof raw === 'string' ? wsport.parse(raw) : wsport.default!,
    });
  }
  return listen;
}
