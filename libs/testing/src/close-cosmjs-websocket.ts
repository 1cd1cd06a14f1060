// Closes a cosmjs WebsocketClient for good. cosmjs 0.39's ReconnectingSocket schedules a reconnect on every
// disconnect, which would keep jest alive. Typed by shape, so libs/testing needs no cosmjs.

export interface CosmjsWebsocketClient {
  disconnect(): void;
}

export function closeCosmjsWebsocket(client: CosmjsWebsocketClient): void {
  const reconnecting = (client as unknown as { socket: { socket: { reconnect: () => void } } }).socket;
  reconnecting.socket.reconnect = () => undefined;
  client.disconnect();
}
