// The bus contract on both transports: the same handlers, the same results and errors. The NATS
// cases run against the machine's real NATS server with a private subject prefix.
import { Injectable, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { InvalidParamsError, RpcError } from '@photon/codec';
import { randomBusPrefix, testNatsUrl, waitFor } from '@photon/testing';
import type { NatsConnection } from 'nats';
import { BusModule } from './bus.module';
import { INTERNAL_CONTEXT } from './handlers/call-context';
import { RpcHandlerRegistry } from './handlers/handler-registry';
import { RpcMethod } from './handlers/rpc-method.decorator';
import { MethodBus } from './transports/method-bus';
import { connectNats } from './transports/nats-connection';
import { NatsMethodBus } from './transports/nats-method-bus';
import { NatsRpcServer } from './transports/nats-rpc-server';

@Injectable()
class SampleHandlers {
  @RpcMethod('web3_clientVersion')
  version(): string {
    return 'sample/v1';
  }

  @RpcMethod('web3_sha3')
  echo(params: unknown): unknown {
    if (!Array.isArray(params) || params.length !== 1) throw InvalidParamsError.argument(0, 'want one value');
    return params[0];
  }

  @RpcMethod('net_version')
  crash(): never {
    throw new Error('secret detail of a crash');
  }

  @RpcMethod('net_listening')
  async slow(): Promise<boolean> {
    await new Promise((resolve) => setTimeout(resolve, 300));
    return true;
  }
}

@Module({ providers: [SampleHandlers] })
class SampleModule {}

async function caught(promise: Promise<unknown>): Promise<RpcError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RpcError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

const request = (method: string, params: unknown = []) => ({ method, params, context: INTERNAL_CONTEXT });

describe('in-process bus', () => {
  let bus: MethodBus;
  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [BusModule.inProcess(), SampleModule],
    }).compile();
    await moduleRef.init();
    bus = moduleRef.get(MethodBus);
  });

  it('default: runs the registered handler', async () => {
    expect(await bus.request('query', request('web3_clientVersion'), 1000)).toBe('sample/v1');
  });

  it('error: handler errors come back as they were thrown', async () => {
    const error = await caught(bus.request('query', request('web3_sha3', [1, 2]), 1000));
    expect(error.toErrorObject()).toEqual({ code: -32602, message: 'invalid argument 0: want one value' });
  });

  it('error: a method without a handler is -32601', async () => {
    const error = await caught(bus.request('query', request('eth_chainId'), 1000));
    expect(error.code).toBe(-32601);
  });

  it('error: a handler slower than the timeout answers request timed out', async () => {
    const error = await caught(bus.request('query', request('net_listening'), 50));
    expect(error.toErrorObject()).toEqual({ code: -32002, message: 'request timed out' });
  });

  it('default: ping answers for served services only', async () => {
    expect(await bus.ping('query', 100)).toBe(true);
    expect(await bus.ping('tx', 100)).toBe(false);
  });

  it('behavior: published events reach subscribers until they unsubscribe', async () => {
    const seen: string[] = [];
    const unsubscribe = bus.subscribe('engine.query.answer', ({ query }) => seen.push(query));
    bus.publish('engine.query.answer', { gateway: 'g', query: '0x01' });
    await waitFor(() => Promise.resolve(seen.length === 1), { what: 'the event' });
    unsubscribe();
    bus.publish('engine.query.answer', { gateway: 'g', query: '0x02' });
    await Promise.resolve();
    expect(seen).toEqual(['0x01']);
  });
});

describe('NATS bus', () => {
  let serverConnection: NatsConnection;
  let clientConnection: NatsConnection;
  let server: NatsRpcServer;
  let bus: NatsMethodBus;
  const prefix = randomBusPrefix();

  beforeAll(async () => {
    serverConnection = await connectNats(testNatsUrl(), 'bus-spec-server');
    clientConnection = await connectNats(testNatsUrl(), 'bus-spec-client');
    const moduleRef = await Test.createTestingModule({
      imports: [BusModule.overNats(serverConnection, prefix), SampleModule],
    }).compile();
    await moduleRef.init();
    server = new NatsRpcServer(serverConnection, prefix);
    server.attach(moduleRef.get(RpcHandlerRegistry));
    await new Promise<void>((resolve) => server.listen(resolve));
    await serverConnection.flush();
    bus = new NatsMethodBus(clientConnection, prefix);
  });
  afterAll(async () => {
    await server.close();
    await serverConnection.close();
    await clientConnection.close();
  });

  it('default: request/reply through the queue group', async () => {
    expect(await bus.request('query', request('web3_clientVersion'), 1000)).toBe('sample/v1');
    expect(await bus.request('query', request('web3_sha3', [{ nested: ['x', 1] }]), 1000)).toEqual({
      nested: ['x', 1],
    });
  });

  it('error: handler errors cross the bus unchanged', async () => {
    const error = await caught(bus.request('query', request('web3_sha3', []), 1000));
    expect(error.toErrorObject()).toEqual({ code: -32602, message: 'invalid argument 0: want one value' });
  });

  it('error: a crash crosses as an opaque internal error', async () => {
    const error = await caught(bus.request('query', request('net_version'), 1000));
    expect(error.code).toBe(-32603);
    expect(JSON.stringify(error.toErrorObject())).not.toContain('secret');
  });

  it('error: a service with no replica answers at once', async () => {
    const started = Date.now();
    const error = await caught(bus.request('tx', request('eth_sendRawTransaction'), 5000));
    expect(Date.now() - started).toBeLessThan(1000);
    expect(error.toErrorObject()).toEqual({ code: -32002, message: 'service tx is unavailable' });
  });

  it('error: a slow handler answers request timed out', async () => {
    const error = await caught(bus.request('query', request('net_listening'), 50));
    expect(error.toErrorObject()).toEqual({ code: -32002, message: 'request timed out' });
  });

  it('default: ping', async () => {
    expect(await bus.ping('query', 500)).toBe(true);
    expect(await bus.ping('keystore', 500)).toBe(false);
  });

  it('behavior: an event published by one process reaches a subscriber in another', async () => {
    const serverBus = new NatsMethodBus(serverConnection, prefix);
    const seen: string[] = [];
    const unsubscribe = serverBus.subscribe('engine.query.answer', ({ query }) => seen.push(query));
    await serverConnection.flush();
    bus.publish('engine.query.answer', { gateway: 'g', query: '0xab' });
    await waitFor(() => Promise.resolve(seen.length === 1), { what: 'the event over NATS' });
    expect(seen).toEqual(['0xab']);
    unsubscribe();
    serverBus.onModuleDestroy();
  });
});

describe('NATS bus shutdown', () => {
  it('behavior: a reply due after the server connection closed is dropped, not thrown', async () => {
    const prefix = randomBusPrefix();
    const serverConnection = await connectNats(testNatsUrl(), 'bus-spec-closing-server');
    const clientConnection = await connectNats(testNatsUrl(), 'bus-spec-closing-client');
    const moduleRef = await Test.createTestingModule({
      imports: [BusModule.overNats(serverConnection, prefix), SampleModule],
    }).compile();
    await moduleRef.init();
    const server = new NatsRpcServer(serverConnection, prefix);
    server.attach(moduleRef.get(RpcHandlerRegistry));
    await new Promise<void>((resolve) => server.listen(resolve));
    await serverConnection.flush();
    const bus = new NatsMethodBus(clientConnection, prefix);

    const slow = caught(bus.request('query', request('net_listening'), 1000));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await serverConnection.close();
    expect((await slow).toErrorObject()).toEqual({ code: -32002, message: 'request timed out' });
    await new Promise((resolve) => setTimeout(resolve, 400));
    await clientConnection.close();
  });
});
