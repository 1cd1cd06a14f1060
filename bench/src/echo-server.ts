// The Node ceiling for the bench: a bare node:http JSON-RPC echo. It does the least any JSON-RPC
// server must do — read the body, parse it, answer each request with its own id — so the ratio
// to it measures what Photon adds. Run as `node bench/dist/echo-server.js <port>`.
import { createServer } from 'node:http';

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error('usage: node echo-server.js <port>');
  process.exit(2);
}

interface Request {
  id?: unknown;
  params?: unknown;
}

const answer = (request: Request) => ({
  jsonrpc: '2.0',
  id: request.id ?? null,
  result: request.params ?? null,
});

const server = createServer((req, res) => {
  if (req.method !== 'POST') {
    // GET /readyz and /healthz, so the bench waits for the echo like for any other target.
    res.writeHead(200, { 'content-length': '0' }).end();
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    let body: string;
    try {
      const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Request | Request[];
      body = JSON.stringify(Array.isArray(parsed) ? parsed.map(answer) : answer(parsed));
    } catch {
      body = '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error"}}';
    }
    res
      .writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) })
      .end(body);
  });
});

server.listen(port, '127.0.0.1', () => console.log(`echo listening on 127.0.0.1:${port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
