// Spec helper (excluded from the build): closes a cosmjs WebsocketClient for good. cosmjs 0.39's
// ReconnectingSocket schedules a reconnect on every disconnect, which would keep jest alive.
import type { WebsocketClient } from '@cosmjs/tendermint-rpc';

export function closeCosmjsWebsocket(client: WebsocketClient): void {
  const reconnecting = (client as unknown as { socket: { socket: { reconnect: () => void } } }).socket;
  reconnecting.socket.reconnect = () => undefined;
  client.disconnect();
}
