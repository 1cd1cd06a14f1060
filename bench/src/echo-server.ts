// The Node ceiling for the bench: a bare node:http server that reads each POST body and answers
// a fixed JSON-RPC result. Run as `node bench/dist/echo-server.js <port>`.
import { createServer } from 'node:http';

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error('usage: node echo-server.js <port>');
  process.exit(2);
}

const reply = Buffer.from('{"jsonrpc":"2.0","id":1,"result":"photon-bench-echo"}');
const replyHeaders = { 'content-type': 'application/json', 'content-length': String(reply.length) };

const server = createServer((req, res) => {
  if (req.method !== 'POST') {
    // GET /readyz and /healthz, so the bench waits for the echo like for any other target.
    res.writeHead(200, { 'content-length': '0' }).end();
    return;
  }
  req.on('data', () => {});
  req.on('end', () => res.writeHead(200, replyHeaders).end(reply));
});

server.listen(port, '127.0.0.1', () => console.log(`echo listening on 127.0.0.1:${port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
