// --http-max-connections-per-ip: direct clients counted by their peer from the first byte, a trusted
// proxy's connections by the client their first request names; a closed connection frees its place.
import { EventEmitter } from 'node:events';
import type { IncomingMessage, Server } from 'node:http';
import { HttpConnectionCap } from './http-connection-cap';

class FakeSocket extends EventEmitter {
  constructor(readonly remoteAddress: string) {
    super();
  }
}

function setup(max: number, trusted: string[] = []) {
  const cap = new HttpConnectionCap(max, trusted);
  const server = new EventEmitter();
  cap.watch(server as unknown as Server);
  const open = (peer: string): FakeSocket => {
    const socket = new FakeSocket(peer);
    server.emit('connection', socket);
    return socket;
  };
  const refuses = (socket: FakeSocket, forwardedFor?: string): boolean =>
    cap.refuses({
      socket,
      headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    } as unknown as IncomingMessage);
  return { open, refuses };
}

describe(HttpConnectionCap.name, () => {
  it('default: an address past the cap is refused on every request; others are not; a close frees a place', () => {
    const { open, refuses } = setup(2);
    const [a, b, c] = [open('10.0.0.1'), open('::ffff:10.0.0.1'), open('10.0.0.1')];
    expect([refuses(a), refuses(b), refuses(c), refuses(c)]).toEqual([false, false, true, true]);
    expect(refuses(open('10.0.0.2'))).toBe(false);
    a.emit('close');
    expect(refuses(open('10.0.0.1'))).toBe(false);
    expect(refuses(open('10.0.0.1'))).toBe(true);
  });

  it("args: a trusted proxy's connections count for the client their first request names", () => {
    const { open, refuses } = setup(1, ['10.9.0.0/16']);
    const first = open('10.9.0.5');
    expect(refuses(first, '203.0.113.7')).toBe(false);
    // Later requests on the same connection do not count it again.
    expect(refuses(first, '198.51.100.1')).toBe(false);
    expect(refuses(open('10.9.0.6'), '203.0.113.7')).toBe(true);
    expect(refuses(open('10.9.0.6'), '203.0.113.8')).toBe(false);
  });

  it('args: 0 caps nothing', () => {
    const { open, refuses } = setup(0);
    for (let i = 0; i < 5; i++) expect(refuses(open('10.0.0.1'))).toBe(false);
  });
});
