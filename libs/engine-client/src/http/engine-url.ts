// The engine's addresses: `--node` as given (tcp://host:port, http(s)://…) to the HTTP RPC URL and the
// `/websocket` URL next to it.

/** `tcp://h:p` → `http://h:p/`; http(s) URLs unchanged. Throws TypeError for anything else. */
export function engineHttpUrl(node: string | URL): URL {
  const text = typeof node === 'string' ? node.replace(/^tcp:\/\//, 'http://') : node.toString();
  const url = new URL(text);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`engine URL must be tcp://, http:// or https://, got ${url.protocol}//`);
  }
  return url;
}

/** The CometBFT websocket endpoint: same host, ws(s), path `<base>/websocket`. */
export function engineWebsocketUrl(node: string | URL): URL {
  const url = engineHttpUrl(node);
  const ws = new URL(url.toString());
  ws.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  ws.pathname = `${url.pathname.replace(/\/+$/, '')}/websocket`;
  ws.search = '';
  ws.hash = '';
  return ws;
}
