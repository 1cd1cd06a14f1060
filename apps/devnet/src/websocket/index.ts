// The devnet's CometBFT `/websocket` endpoint: subscriptions, events and RPC calls over one socket.
export { type CometWebsocket, WEBSOCKET_PATH, attachCometWebsocket } from './comet-websocket';
export { DEFAULT_WEBSOCKET_LIMITS, type WebsocketLimits, websocketLimits } from './websocket-limits';
