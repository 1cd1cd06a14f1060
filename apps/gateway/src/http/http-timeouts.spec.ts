// The listeners' clocks: Node's settings for the read timeout, the JSON answers to requests Node
// refuses, and the write timeout cutting a client that does not take its answer.
import { EventEmitter } from 'node:events';
import type { Server, ServerResponse } from 'node:http';
import { answerClientErrors, boundSlowRead, readTimeoutOptions } from './http-timeouts';

class FakeSocket extends EventEmitter {
  writable = true;
  writableLength = 0;
  written = '';
  destroyed = false;
  _httpMessage: { headersSent: boolean } | undefined;
  write(text: string): boolean {
    this.written += text;
    return true;
  }
  destroy(): void {
    this.destroyed = true;
  }
}

const codeError = (code: string): NodeJS.ErrnoException => Object.assign(new Error(code), { code });

describe(readTimeoutOptions.name, () => {
  it('default: headers and body share the read timeout, checked often enough to keep to it', () => {
    expect(readTimeoutOptions(30_000)).toEqual({
      requestTimeout: 30_000,
      headersTimeout: 30_000,
      connectionsCheckingInterval: 1_000,
    });
    expect(readTimeoutOptions(1_000).connectionsCheckingInterval).toBe(250);
  });
});

describe(answerClientErrors.name, () => {
  const refuse = (error: NodeJS.ErrnoException, socket = new FakeSocket()): FakeSocket => {
    const server = new EventEmitter();
    answerClientErrors(server as unknown as Server, 30_000);
    server.emit('clientError', error, socket);
    return socket;
  };
  const bodyOf = (socket: FakeSocket): unknown =>
    JSON.parse(socket.written.slice(socket.written.indexOf('\r\n\r\n') + 4));

  it('error: a late request gets 408 with -32005 naming the flag, and the connection is closed', () => {
    const socket = refuse(codeError('ERR_HTTP_REQUEST_TIMEOUT'));
    expect(socket.written).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\nConnection: close\r\n/);
    expect(bodyOf(socket)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32005,
        message: 'request not received in time: the limit is 30 s (--http-read-timeout)',
        data: { limit: 30 },
      },
    });
    expect(socket.destroyed).toBe(true);
  });

  it('error: oversized headers get 431, anything else Node cannot read 400, both with -32600', () => {
    expect(refuse(codeError('HPE_HEADER_OVERFLOW')).written).toMatch(/^HTTP\/1\.1 431 /);
    const bad = refuse(codeError('HPE_INVALID_METHOD'));
    expect(bad.written).toMatch(/^HTTP\/1\.1 400 /);
    expect(bodyOf(bad)).toMatchObject({ error: { code: -32600, message: 'malformed HTTP request' } });
  });

  it('behavior: a connection whose answer has begun is closed without a second answer', () => {
    const socket = new FakeSocket();
    socket._httpMessage = { headersSent: true };
    refuse(codeError('ERR_HTTP_REQUEST_TIMEOUT'), socket);
    expect([socket.written, socket.destroyed]).toEqual(['', true]);
  });
});

describe(boundSlowRead.name, () => {
  const responseOn = (socket: FakeSocket): ServerResponse =>
    Object.assign(new EventEmitter(), { socket }) as unknown as ServerResponse;

  it('behavior: an answer still queued after the write timeout has its connection cut', async () => {
    const socket = new FakeSocket();
    socket.writableLength = 1_000_000;
    boundSlowRead(responseOn(socket), 20);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(socket.destroyed).toBe(true);
  });

  it('default: an answer that reached the kernel, or finished in time, is left alone', async () => {
    const flushed = new FakeSocket();
    boundSlowRead(responseOn(flushed), 20);
    const queued = new FakeSocket();
    queued.writableLength = 10;
    const response = responseOn(queued);
    boundSlowRead(response, 20);
    response.emit('finish');
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect([flushed.destroyed, queued.destroyed]).toEqual([false, false]);
  });
});
