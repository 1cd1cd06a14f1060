// Which services this build of Photon ships. A method owned by a service not listed here answers
// -32601 at the gateway instead of waiting on a service that does not exist yet.
import type { ServiceName } from './method-table/method-row';

export const SHIPPED_SERVICES: readonly ServiceName[] = ['query', 'keystore', 'tx', 'events'];

export function isShippedService(service: string): service is ServiceName {
  return (SHIPPED_SERVICES as readonly string[]).includes(service);
}
