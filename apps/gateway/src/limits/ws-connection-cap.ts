// --ws-max-connections-per-ip: how many websockets (JSON-RPC and engine events together) one client
// address holds open on this gateway; the count is ConnectionCap's, as for HTTP connections.
export { ConnectionCap as WsConnectionCap } from './connection-cap';
