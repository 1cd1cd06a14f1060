// The floor relay's HTTP side (see start-relay.ts): node:http as in the bench's echo; the methods Photon
// answers at its gateway's edge (committed blocks, receipts, log ranges, the head) from a map filled once per
// distinct request from the Photon gateway beside it, as Photon's edge holds them once asked; everything else
// (a batch too) sent whole over NATS to relay-query with one reply inbox and callbacks, as Photon's bus does.
// No limits, request ids, CORS, metrics or envelope checks. Run as
// `node relay-gateway.js <port> <nats url> <subject> <photon gateway url>`.
import { createServer, type ServerResponse } from 'node:http';
import { CoalescingPublisher } from '@photon/bus';
import { connect, createInbox } from 'nats';
import { EDGE_METHODS } from './edge-methods';

const [port = '', natsUrl = '', subject = '', photonUrl = ''] = process.argv.slice(2);
if (port === '' || natsUrl === '' || subject === '' || photonUrl === '') {
  console.error('usage: node relay-gateway.js <port> <nats url> <subject> <photon gateway url>');
  process.exit(2);
}

/** Each edge request's result JSON, by method and params. */
const kept = new Map<string, string>();
const waiting = new Map<number, (text: string) => void>();
let nextId = 1;

const write = (response: ServerResponse, body: string) =>
  response
    .writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) })
    .end(body);

const withId = (id: unknown, result: string) =>
  `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${result}}`;

/** Photon's answer to `body`: its result's JSON to keep, or (an error) its whole text, kept by no one. */
async function fromPhoton(body: string): Promise<{ result: string } | { answer: string }> {
  const response = await fetch(photonUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  const answer = await response.text();
  const { result } = JSON.parse(answer) as { result?: unknown };
  return result === undefined ? { answer } : { result: JSON.stringify(result) };
}

async function main(): Promise<void> {
  const connection = await connect({ servers: natsUrl });
  // Publishes coalesced per event-loop turn, as Photon's services send theirs (without it, no floor).
  const publisher = new CoalescingPublisher(connection, (_, error) => console.error(String(error)));
  const inbox = createInbox();
  connection.subscribe(`${inbox}.*`, {
    callback: (error, msg) => {
      if (error !== null) return;
      const id = Number(msg.subject.slice(inbox.length + 1));
      const done = waiting.get(id);
      waiting.delete(id);
      done?.(msg.string());
    },
  });
  createServer((request, response) => {
    if (request.method !== 'POST') {
      response.writeHead(200, { 'content-length': '0' }).end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const call = JSON.parse(text) as { id: unknown; method: string; params?: unknown } | unknown[];
      if (Array.isArray(call) || !EDGE_METHODS.has(call.method)) {
        const id = nextId++;
        waiting.set(id, (reply) => write(response, reply));
        publisher.publish(subject, Buffer.from(text), `${inbox}.${id}`);
        return;
      }
      const key = call.method + JSON.stringify(call.params ?? []);
      const result = kept.get(key);
      if (result !== undefined) {
        write(response, withId(call.id, result));
        return;
      }
      fromPhoton(text).then(
        (fetched) => {
          if (!('result' in fetched)) return write(response, fetched.answer);
          kept.set(key, fetched.result);
          write(response, withId(call.id, fetched.result));
        },
        (error: unknown) => {
          response.writeHead(502).end(String(error));
        },
      );
    });
  }).listen(Number(port), '127.0.0.1');
}

void main();
