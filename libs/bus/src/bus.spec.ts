// The bus contract on both transports: the same handlers, the same results and errors. The NATS
// cases run against the machine's real NATS server with a private subject prefix.
import { Injectable, Logger, Module } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import { InvalidParamsError, RpcError, toErrorObject } from '@photon/codec';
import type { ServiceName } from '@photon/types';
import { randomBusPrefix, startOwnNats, testNatsUrl, waitFor } from '@photon/testing';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type NatsConnection, headers } from 'nats';
import { BusModule } from './bus.module';
import { type CallContext, INTERNAL_CONTEXT } from './handlers/call-context';
import { RpcHandlerRegistry } from './handlers/handler-registry';
import { RpcMethod } from './handlers/rpc-method.decorator';
import { MethodBus } from './transports/method-bus';
import { connectNats } from './transports/nats-connection';
import { NatsMethodBus } from './transports/nats-method-bus';
import { NatsRpcServer } from './transports/nats-rpc-server';
import { REQUEST_ID_HEADER, queueGroup, rpcBatchSubject, rpcSubject } from './transports/nats-subjects';
import { HEARTBEAT_MS, LOST_AFTER_MS, TAKEN_HEADER, probeSubject } from './transports/replica-liveness';

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

  /** A reply far larger than its request: `[n]` gives n kilobytes. */
  @RpcMethod('eth_getCode')
  large(params: unknown): string {
    return 'ab'.repeat(512 * Number((params as [number])[0]));
  }

  /** Which request the call serves, as the handler is told. */
  @RpcMethod('net_peerCount')
  requestId(_params: unknown, context: CallContext): string | null {
    return context.requestId ?? null;
  }

  @RpcMethod('net_listening')
  async slow(): Promise<boolean> {
    await new Promise((resolve) => setTimeout(resolve, 300));
    return true;
  }
}

@Module({ providers: [SampleHandlers] })
class SampleModule {}

/** The first call of each of these methods hangs, as on a replica that dies holding it; later ones answer. */
const hung = new Set<string>();
async function firstHangs(method: string): Promise<string> {
  if (!hung.has(method)) {
    hung.add(method);
    await new Promise(() => undefined);
  }
  return `${method} answered`;
}

@Injectable()
class HangingHandlers {
  /** A read (the query service's). */
  @RpcMethod('eth_getBalance')
  read(): Promise<string> {
    return firstHangs('eth_getBalance');
  }

  /** A write (the tx service's). */
  @RpcMethod('eth_sendRawTransaction')
  write(): Promise<string> {
    return firstHangs('eth_sendRawTransaction');
  }

  /** A filter poll (the events service's): it only proposes a cursor, so it may run twice. */
  @RpcMethod('photon_pollFilter')
  poll(): Promise<string> {
    return firstHangs('photon_pollFilter');
  }
}

@Module({ providers: [HangingHandlers] })
class HangingModule {}

/** A replica of HangingModule's services on its own NATS connection, as a process of its own would be. */
async function hangingReplica(natsUrl: string, prefix: string) {
  const connection = await connectNats(natsUrl, 'bus-spec-replica');
  const moduleRef = await Test.createTestingModule({
    imports: [BusModule.overNats(connection, prefix), HangingModule],
  }).compile();
  await moduleRef.init();
  const server = new NatsRpcServer(connection, prefix);
  server.attach(moduleRef.get(RpcHandlerRegistry));
  await new Promise<void>((resolve) => server.listen(resolve));
  await connection.flush();
  return { connection, server };
}

async function caught(promise: Promise<unknown>): Promise<RpcError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RpcError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

/** The sample handlers served over NATS at `natsUrl` under a fresh prefix, and a bus that calls them. */
async function serveSampleOverNats(natsUrl: string, name: string) {
  const prefix = randomBusPrefix();
  const serverConnection = await connectNats(natsUrl, `bus-spec-${name}-server`);
  const clientConnection = await connectNats(natsUrl, `bus-spec-${name}-client`);
  const moduleRef = await Test.createTestingModule({
    imports: [BusModule.overNats(serverConnection, prefix), SampleModule],
  }).compile();
  await moduleRef.init();
  const server = new NatsRpcServer(serverConnection, prefix);
  server.attach(moduleRef.get(RpcHandlerRegistry));
  await new Promise<void>((resolve) => server.listen(resolve));
  await serverConnection.flush();
  return { serverConnection, clientConnection, server, bus: new NatsMethodBus(clientConnection, prefix) };
}

const request = (method: string, params: unknown = []) => ({ method, params, context: INTERNAL_CONTEXT });
const ASKED: CallContext = { transport: 'http', requestId: 'req-42' };

/** Each outcome of a batch: its result, or the code and message of the error the caller would send. */
const outcomes = (answers: Promise<unknown>[]) =>
  Promise.all(
    answers.map((answer) =>
      answer.then(
        (result) => ({ result }),
        (error: unknown) => {
          const { code, message } = toErrorObject(error, () => undefined);
          return { error: { code, message } };
        },
      ),
    ),
  );

/** A batch of mixed calls and what each one answers, on either transport. */
const MIXED = [
  { method: 'web3_clientVersion', params: [] },
  { method: 'web3_sha3', params: [] },
  { method: 'net_version', params: [] },
  { method: 'eth_chainId', params: [] },
  { method: 'web3_sha3', params: ['0x01'] },
];
const MIXED_OUTCOMES = [
  { result: 'sample/v1' },
  { error: { code: -32602, message: 'invalid argument 0: want one value' } },
  { error: { code: -32603, message: 'internal error' } },
  { error: { code: -32601, message: 'the method eth_chainId does not exist/is not available' } },
  { result: '0x01' },
];

describe('in-process bus', () => {
  let bus: MethodBus;
  let moduleRef: TestingModule;
  beforeAll(async () => {
    moduleRef = await Test.createTestingModule({
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

  it('default: each call of a batch is answered in order, results and errors alike', async () => {
    expect(await outcomes(bus.requestEach('query', MIXED, INTERNAL_CONTEXT, 1000))).toEqual(MIXED_OUTCOMES);
  });

  it('behavior: an observer of the registry is told how each call ended, with no params', async () => {
    const registry = moduleRef.get(RpcHandlerRegistry);
    const seen: unknown[] = [];
    registry.observe((outcome) =>
      seen.push({
        method: outcome.method,
        service: outcome.service,
        ok: outcome.ok,
        code: outcome.ok ? undefined : (outcome.error as RpcError).code,
        timed: outcome.seconds >= 0,
      }),
    );
    await bus.request('query', request('web3_clientVersion'), 1000);
    await caught(bus.request('query', request('web3_sha3', ['0x01', 'secret']), 1000));
    await caught(bus.request('query', request('no_suchMethod'), 1000));
    expect(seen).toEqual([
      { method: 'web3_clientVersion', service: 'query', ok: true, code: undefined, timed: true },
      { method: 'web3_sha3', service: 'query', ok: false, code: -32602, timed: true },
      { method: 'no_suchMethod', service: undefined, ok: false, code: -32601, timed: true },
    ]);
  });

  it("default: the handler is told the call's request id, alone and in a batch", async () => {
    expect(await bus.request('query', { method: 'net_peerCount', params: [], context: ASKED }, 1000)).toBe(
      'req-42',
    );
    const calls = [
      { method: 'net_peerCount', params: [] },
      { method: 'net_peerCount', params: [] },
    ];
    expect(await Promise.all(bus.requestEach('query', calls, ASKED, 1000))).toEqual(['req-42', 'req-42']);
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

  it('default: the request id crosses as a NATS header, not in the body, and reaches the handler', async () => {
    const singles = clientConnection.subscribe(rpcSubject(prefix, 'query'), { max: 1 });
    const batches = clientConnection.subscribe(rpcBatchSubject(prefix, 'query'), { max: 1 });
    await clientConnection.flush();
    expect(await bus.request('query', { method: 'net_peerCount', params: [], context: ASKED }, 1000)).toBe(
      'req-42',
    );
    const calls = [
      { method: 'net_peerCount', params: [] },
      { method: 'net_peerCount', params: [] },
    ];
    expect(await Promise.all(bus.requestEach('query', calls, ASKED, 1000))).toEqual(['req-42', 'req-42']);
    for (const subscription of [singles, batches]) {
      for await (const message of subscription) {
        expect(message.headers?.get(REQUEST_ID_HEADER)).toBe('req-42');
        expect(Buffer.from(message.data).toString()).not.toContain('req-42');
      }
    }
  });

  it('behavior: a crash is logged with the id of the request that met it', async () => {
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    try {
      await caught(bus.request('query', { method: 'net_version', params: [], context: ASKED }, 1000));
      expect(logged).toHaveBeenCalledWith(
        { msg: expect.stringMatching(/^internal error /) as unknown, requestId: 'req-42' },
        expect.stringContaining('secret detail of a crash'),
      );
    } finally {
      logged.mockRestore();
    }
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

  it('default: a batch of calls to one service crosses as one message, each answered in order', async () => {
    const singles = clientConnection.subscribe(rpcSubject(prefix, 'query'));
    const batches = clientConnection.subscribe(rpcBatchSubject(prefix, 'query'));
    await clientConnection.flush();
    expect(await outcomes(bus.requestEach('query', MIXED, INTERNAL_CONTEXT, 1000))).toEqual(MIXED_OUTCOMES);
    await clientConnection.flush();
    expect([singles.getReceived(), batches.getReceived()]).toEqual([0, 1]);
    singles.unsubscribe();
    batches.unsubscribe();
  });

  it('behavior: replies larger than one bus message together come back in parts, none lost', async () => {
    // 40 replies of 64 KiB: 2.5 MiB, past the server's 1 MiB max_payload.
    const calls = Array.from({ length: 40 }, () => ({ method: 'eth_getCode', params: [64] }));
    const answers = await Promise.all(bus.requestEach('query', calls, INTERNAL_CONTEXT, 5000));
    expect(answers.map((answer) => (answer as string).length)).toEqual(calls.map(() => 64 * 1024));
    // One reply past max_payload alone is the bus's too-large error, as it is for a single call.
    expect(
      await outcomes(
        bus.requestEach(
          'query',
          [
            { method: 'eth_getCode', params: [2048] },
            { method: 'web3_clientVersion', params: [] },
          ],
          INTERNAL_CONTEXT,
          5000,
        ),
      ),
    ).toEqual([
      { error: { code: -32005, message: 'response too large for the bus' } },
      { result: 'sample/v1' },
    ]);
  });

  it('error: a batch to a service with no replica fails each call at once', async () => {
    const calls = [request('eth_sendRawTransaction'), request('eth_sendRawTransaction')];
    expect(await outcomes(bus.requestEach('tx', calls, INTERNAL_CONTEXT, 5000))).toEqual([
      { error: { code: -32002, message: 'service tx is unavailable' } },
      { error: { code: -32002, message: 'service tx is unavailable' } },
    ]);
  });

  it('error: a batch slower than its timeout answers request timed out for each call', async () => {
    const calls = [request('web3_clientVersion'), request('net_listening')];
    expect(await outcomes(bus.requestEach('query', calls, INTERNAL_CONTEXT, 50))).toEqual([
      { error: { code: -32002, message: 'request timed out' } },
      { error: { code: -32002, message: 'request timed out' } },
    ]);
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
    const { serverConnection, clientConnection, server, bus } = await serveSampleOverNats(
      testNatsUrl(),
      'closing',
    );

    const slow = caught(bus.request('query', request('net_listening'), 1000));
    await waitFor(() => Promise.resolve(server.requestsInFlight === 1), { what: 'the call in flight' });
    await serverConnection.close();
    expect((await slow).toErrorObject()).toEqual({ code: -32002, message: 'request timed out' });
    await new Promise((resolve) => setTimeout(resolve, 400));
    await clientConnection.close();
  });
});

describe('NATS bus drain', () => {
  it('behavior: closing the server answers the calls in flight and takes no new ones', async () => {
    const { serverConnection, clientConnection, server, bus } = await serveSampleOverNats(
      testNatsUrl(),
      'draining',
    );
    try {
      const slow = bus.request('query', request('net_listening'), 5_000);
      await waitFor(() => Promise.resolve(server.requestsInFlight === 1), { what: 'the call in flight' });
      const closed = server.close();
      expect(await slow).toBe(true);
      await closed;
      expect(server.requestsInFlight).toBe(0);
      const refused = await caught(bus.request('query', request('web3_clientVersion'), 5_000));
      expect(refused.toErrorObject()).toEqual({ code: -32002, message: 'service query is unavailable' });
    } finally {
      await serverConnection.close();
      await clientConnection.close();
    }
  });
});

describe('NATS bus across a server restart', () => {
  it('behavior: a request in flight when the server goes away fails at once, so does one made while it is down, and calls work again once it is back', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'photon-bus-restart-'));
    const nats = await startOwnNats(dir);
    const { serverConnection, clientConnection, server, bus } = await serveSampleOverNats(
      nats.url,
      'restart',
    );
    try {
      // The handler takes 300 ms; the server dies while it runs, long before the 20 s timeout.
      const slow = caught(bus.request('query', request('net_listening'), 20_000));
      await waitFor(() => Promise.resolve(server.requestsInFlight === 1), { what: 'the call in flight' });
      const killed = Date.now();
      await nats.kill('SIGKILL');
      expect((await slow).toErrorObject()).toEqual({
        code: -32002,
        message: 'the bus connection was lost; the call may or may not have run',
      });
      expect(Date.now() - killed).toBeLessThan(5_000);

      // While the server is down a call is refused at once: nats.js would drop it at its next dial anyway.
      const whileDown = Date.now();
      expect(
        (await caught(bus.request('query', request('web3_clientVersion'), 20_000))).toErrorObject(),
      ).toEqual({
        code: -32002,
        message: 'the bus is unavailable, try again shortly',
      });
      expect(Date.now() - whileDown).toBeLessThan(5_000);

      await nats.start();
      await waitFor(
        async () =>
          (await bus.request('query', request('web3_clientVersion'), 1_000).catch(() => undefined)) ===
          'sample/v1',
        { what: 'calls to work after the restart', timeoutMs: 20_000 },
      );
      await server.close();
    } finally {
      await serverConnection.close();
      await clientConnection.close();
      await nats.kill('SIGTERM');
      await rm(dir, { recursive: true, force: true });
    }
  });
});

/** Two HangingModule replicas and a bus calling them, known to it (both beat) before `use` runs. */
async function withHangingPair(
  use: (replicas: Awaited<ReturnType<typeof hangingReplica>>[], bus: NatsMethodBus) => Promise<void>,
): Promise<void> {
  const prefix = randomBusPrefix();
  const replicas = [await hangingReplica(testNatsUrl(), prefix), await hangingReplica(testNatsUrl(), prefix)];
  const clientConnection = await connectNats(testNatsUrl(), 'bus-spec-replica-client');
  const bus = new NatsMethodBus(clientConnection, prefix);
  try {
    await new Promise((resolve) => setTimeout(resolve, 2 * HEARTBEAT_MS));
    await use(replicas, bus);
  } finally {
    bus.onModuleDestroy();
    await clientConnection.close();
    for (const replica of replicas) if (!replica.connection.isClosed()) await replica.connection.close();
  }
}

/** The answer a stalled replica gives at last. */
const LATE_ANSWER = new TextEncoder().encode(JSON.stringify({ result: 'late answer' }));

/**
 * A replica of `service` as the bus sees one: it beats every HEARTBEAT_MS naming its probe subject, which it
 * subscribes and never answers (its event loop stalled, its connection up). Closing it cuts the connection,
 * as a SIGKILL does.
 */
async function beatingReplica(prefix: string, id: string, service: ServiceName) {
  const connection = await connectNats(testNatsUrl(), `bus-spec-${id}-replica`);
  const probe = probeSubject(prefix, id);
  connection.subscribe(probe, { callback: () => undefined });
  const beat = new TextEncoder().encode(JSON.stringify({ replica: id, services: [service], probe }));
  const beating = setInterval(() => connection.publish(`${prefix}.alive`, beat), HEARTBEAT_MS);
  await connection.flush();
  const stopBeating = () => clearInterval(beating);
  return {
    connection,
    stopBeating,
    close: async () => {
      stopBeating();
      if (!connection.isClosed()) await connection.close();
    },
  };
}

/**
 * A bus on `prefix`, with another process beating on, so that a replica's silence is measured against
 * heartbeats that still arrive; the replicas already beating are known to it before `use` runs.
 */
async function withMeasuringBus(prefix: string, use: (bus: NatsMethodBus) => Promise<void>): Promise<void> {
  const other = await connectNats(testNatsUrl(), 'bus-spec-other-replica');
  const otherBeat = new TextEncoder().encode(JSON.stringify({ replica: 'other', services: ['query'] }));
  const otherBeating = setInterval(() => other.publish(`${prefix}.alive`, otherBeat), HEARTBEAT_MS);
  const clientConnection = await connectNats(testNatsUrl(), 'bus-spec-replica-client');
  const bus = new NatsMethodBus(clientConnection, prefix);
  try {
    await new Promise((resolve) => setTimeout(resolve, 2 * HEARTBEAT_MS));
    await use(bus);
  } finally {
    clearInterval(otherBeating);
    bus.onModuleDestroy();
    await clientConnection.close();
    await other.close();
  }
}

/** `promise` with whether it has settled yet. */
function watched<T>(promise: Promise<T>): { promise: Promise<T>; readonly settled: boolean } {
  const state = { promise, settled: false };
  void promise.then(
    () => (state.settled = true),
    () => (state.settled = true),
  );
  return state;
}

describe('NATS bus when a replica dies holding calls', () => {
  it('behavior: a write whose replica goes silent with its connection up (a starved event loop) gets its late answer, not -32002', async () => {
    const prefix = randomBusPrefix();
    // It says it took the call, then neither beats nor answers its probe for longer than LOST_AFTER_MS: as a
    // container starting on a busy host does. NATS still holds its connection, so it is not dead.
    const stalled = await beatingReplica(prefix, 'stalled', 'tx');
    const taken = headers();
    taken.set(TAKEN_HEADER, 'stalled');
    let answerLate: (() => void) | undefined;
    stalled.connection.subscribe(rpcSubject(prefix, 'tx'), {
      queue: queueGroup(prefix, 'tx'),
      callback: (_error, message) => {
        stalled.connection.publish(message.reply!, undefined, { headers: taken });
        stalled.stopBeating();
        answerLate = () => message.respond(LATE_ANSWER);
      },
    });
    await stalled.connection.flush();
    try {
      await withMeasuringBus(prefix, async (bus) => {
        const write = watched(bus.request('tx', request('eth_sendRawTransaction'), 30_000));
        await waitFor(() => Promise.resolve(answerLate !== undefined), { what: 'the call taken' });
        // Past the silence that gives a writer up and the probe's own wait: still waiting for its answer.
        await new Promise((resolve) => setTimeout(resolve, LOST_AFTER_MS + 3_000));
        expect(write.settled).toBe(false);
        answerLate!();
        expect(await write.promise).toBe('late answer');
      });
    } finally {
      await stalled.close();
    }
  }, 20_000);

  it('behavior: a read it held is sent again to another replica; a write it took fails with -32002, long before its timeout', async () => {
    await withHangingPair(async (replicas, bus) => {
      const began = Date.now();
      /** The live replica holding a call (a dead one's hung call stays counted). */
      const holding = () => replicas.find((r) => !r.connection.isClosed() && r.server.requestsInFlight > 0);
      const heldBy = async (): Promise<(typeof replicas)[number]> => {
        await waitFor(() => Promise.resolve(holding() !== undefined), { what: 'the call held' });
        return holding()!;
      };
      // The replica holding the read dies without a word (its connection cut, as by SIGKILL): the other answers.
      const read = bus.request('query', request('eth_getBalance'), 20_000);
      const reader = await heldBy();
      await reader.connection.close();
      expect(await read).toBe('eth_getBalance answered');
      // The one left takes the write and dies too: the write is refused, not retried.
      const write = caught(bus.request('tx', request('eth_sendRawTransaction'), 20_000));
      const writer = await heldBy();
      await writer.connection.close();
      expect((await write).toErrorObject()).toEqual({
        code: -32002,
        message: 'the tx replica that took the call stopped; the call may or may not have run',
      });
      // Far from the 20 s timeout: a replica silent for SUSPECT_AFTER_MS is probed, and NATS says it is gone.
      expect(Date.now() - began).toBeLessThan(10_000);
    });
  });

  it('error: a filter poll (events) it took fails with -32002 when it is lost, not at its timeout', async () => {
    await withHangingPair(async (replicas, bus) => {
      const began = Date.now();
      const poll = caught(bus.request('events', request('photon_pollFilter'), 20_000));
      await waitFor(() => Promise.resolve(replicas.some((r) => r.server.requestsInFlight > 0)), {
        what: 'the poll held',
      });
      await replicas.find((r) => r.server.requestsInFlight > 0)!.connection.close();
      // Not sent again: a second poll would propose a second cursor (see IDEMPOTENT_METHODS).
      expect((await poll).toErrorObject()).toEqual({
        code: -32002,
        message: 'the events replica that took the call stopped; the call may or may not have run',
      });
      expect(Date.now() - began).toBeLessThan(10_000);
    });
  });

  it('error: a write no replica said it took fails once the replica it went to is lost, not at its timeout', async () => {
    const prefix = randomBusPrefix();
    // A replica that reads calls and never says so (it dies with them unread): only its heartbeat is heard.
    const mute = await connectNats(testNatsUrl(), 'bus-spec-mute-replica');
    mute.subscribe(rpcSubject(prefix, 'tx'), { queue: queueGroup(prefix, 'tx'), callback: () => undefined });
    const beat = new TextEncoder().encode(JSON.stringify({ replica: 'mute', services: ['tx'] }));
    const beating = setInterval(() => mute.publish(`${prefix}.alive`, beat), HEARTBEAT_MS);
    await mute.flush();
    const clientConnection = await connectNats(testNatsUrl(), 'bus-spec-replica-client');
    const bus = new NatsMethodBus(clientConnection, prefix);
    try {
      await new Promise((resolve) => setTimeout(resolve, 2 * HEARTBEAT_MS));
      const write = caught(bus.request('tx', request('eth_sendRawTransaction'), 20_000));
      await new Promise((resolve) => setTimeout(resolve, 4 * HEARTBEAT_MS));
      const began = Date.now();
      clearInterval(beating);
      await mute.close();
      expect((await write).toErrorObject()).toEqual({
        code: -32002,
        message: 'the tx replica the call went to stopped; the call may or may not have run',
      });
      expect(Date.now() - began).toBeLessThan(10_000);
    } finally {
      clearInterval(beating);
      bus.onModuleDestroy();
      await clientConnection.close();
      if (!mute.isClosed()) await mute.close();
    }
  });

  it('behavior: a write none took waits for its stalled replica when another replica of its service dies meanwhile', async () => {
    const prefix = randomBusPrefix();
    // The dead one: beats, then its connection is cut (SIGKILL). It holds no call.
    const dead = await beatingReplica(prefix, 'dead', 'keystore');
    // The stalled one (SIGSTOP): it gets the call but its event loop never reads it, so it says nothing.
    const stalled = await beatingReplica(prefix, 'stalled', 'keystore');
    let answerLate: (() => void) | undefined;
    stalled.connection.subscribe(rpcSubject(prefix, 'keystore'), {
      queue: queueGroup(prefix, 'keystore'),
      callback: (_error, message) => {
        stalled.stopBeating();
        answerLate = () => message.respond(LATE_ANSWER);
      },
    });
    await stalled.connection.flush();
    try {
      await withMeasuringBus(prefix, async (bus) => {
        const write = watched(bus.request('keystore', request('personal_unlockAccount'), 30_000));
        await waitFor(() => Promise.resolve(answerLate !== undefined), {
          what: 'the call sent to the stalled one',
        });
        await dead.close();
        // The dead one is probed and found gone while the stalled one is silent too: the call is not failed.
        await new Promise((resolve) => setTimeout(resolve, LOST_AFTER_MS + 1_000));
        expect(write.settled).toBe(false);
        answerLate!();
        expect(await write.promise).toBe('late answer');
      });
    } finally {
      await dead.close();
      await stalled.close();
    }
  }, 20_000);
});
