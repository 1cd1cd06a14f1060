// The router's namespace rules and the exposure every call leaves the gateway with, on a bus that
// records what reaches it.
import {
  type BusCall,
  type BusRequest,
  type CallContext,
  InProcessHeadStream,
  InProcessPendingFeed,
  MethodBus,
} from '@photon/bus';
import { InvalidInputError, RpcError, type RpcCall } from '@photon/codec';
import {
  INTERNAL_METHODS,
  type Namespace,
  type OpenRpcDocument,
  type ServiceName,
  photonOpenRpcDocument,
} from '@photon/types';
import { Draining, OpsMetrics } from '@photon/ops';
import type { GatewayOps } from '../gateway-ops';
import type { GatewayOptions } from '../gateway-options';
import { RpcEndpoint } from './rpc-endpoint';
import { RpcRouter } from './rpc-router';
import { SubscriptionHub } from '../subscriptions/subscription-hub';
import { EdgeAnswers } from './edge-answers';

class RecordingBus extends MethodBus {
  readonly requests: { service: ServiceName; request: BusRequest }[] = [];
  /** The batched exchanges: per service, the methods sent in one message. */
  readonly exchanges: { service: ServiceName; methods: string[] }[] = [];

  override requestEach(
    service: ServiceName,
    calls: readonly BusCall[],
    context: CallContext,
    timeoutMs: number,
  ): Promise<unknown>[] {
    this.exchanges.push({ service, methods: calls.map((call) => call.method) });
    return super.requestEach(service, calls, context, timeoutMs);
  }

  request(service: ServiceName, request: BusRequest): Promise<unknown> {
    this.requests.push({ service, request });
    return Promise.resolve(true);
  }

  ping(): Promise<boolean> {
    return Promise.resolve(true);
  }

  publish(): void {}

  subscribe(): () => void {
    return () => undefined;
  }
}

function gatewayOptions(host: string, rpcApi: Namespace[]): GatewayOptions {
  return {
    laddr: { host, port: 8545 },
    wsport: 8546,
    rpcApi,
    corsOrigins: [],
    wsOrigins: [],
    httpVhosts: ['localhost'],
    maxBodyBytes: 1,
    maxBatchItems: 1,
    maxBatchResponseBytes: 1_000_000,
    wsMaxMessageBytes: 1,
    wsPingSeconds: 1,
    engineWsClients: 1,
    engineWsSubscriptionsPerClient: 1,
    engineQueriesPerClient: 1,
    faucetPath: null,
    rateLimit: 0,
    rateLimitWindowMs: 60_000,
    trustedProxies: [],
    apiKeysFile: null,
    wsMaxConnectionsPerIp: 0,
    wsCriteriaBytesPerConnection: 1,
    wsCriteriaBytesPerIp: 1,
    rateLimitStoreDown: 'local',
    httpReadTimeoutMs: 30_000,
    httpWriteTimeoutMs: 30_000,
    httpIdleTimeoutMs: 120_000,
    httpMaxConnectionsPerIp: 0,
    wsMaxUnsentBytes: 16 * 1024 * 1024,
    wsMaxCallsInFlight: 1_000,
    wsMaxBatchesInFlight: 2,
  };
}

function router(host: string, rpcApi: Namespace[]) {
  const bus = new RecordingBus();
  const edge = new EdgeAnswers(bus);
  return {
    bus,
    router: new RpcRouter(
      bus,
      new SubscriptionHub(new InProcessHeadStream(), new InProcessPendingFeed(), bus, edge),
      edge,
      gatewayOptions(host, rpcApi),
      { draining: new Draining() },
    ),
  };
}

function endpointOf(bus: MethodBus, options: GatewayOptions, ops: GatewayOps = { draining: new Draining() }) {
  const edge = new EdgeAnswers(bus);
  const hub = new SubscriptionHub(new InProcessHeadStream(), new InProcessPendingFeed(), bus, edge);
  return new RpcEndpoint(new RpcRouter(bus, hub, edge, options, ops), options, ops);
}

const call = (method: string, params: unknown[]): RpcCall => ({ method, params, id: 1, notification: false });
const unlock = call('personal_unlockAccount', ['0x' + '11'.repeat(20), 'pw']);
const context = { transport: 'http' } as const;

async function errorOf(promise: Promise<unknown>): Promise<{ code: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RpcError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a rejection');
}

describe(RpcRouter.name, () => {
  it('default: the personal namespace is off unless --rpc-api names it', async () => {
    const { router: closed } = router('127.0.0.1', ['web3', 'eth', 'net']);
    expect(await errorOf(closed.route(unlock, context))).toEqual({
      code: -32601,
      message: 'the method personal_unlockAccount does not exist/is not available',
    });
    const { router: open, bus } = router('127.0.0.1', ['eth', 'personal']);
    expect(await open.route(unlock, context)).toBe(true);
    expect(bus.requests).toEqual([
      { service: 'keystore', request: { method: 'personal_unlockAccount', params: unlock.params, context } },
    ]);
  });

  it('error: internal bus methods (the faucet and its signer) are no client method, whatever is exposed', async () => {
    const { router: open, bus } = router('127.0.0.1', ['web3', 'eth', 'net', 'personal', 'txpool']);
    for (const method of INTERNAL_METHODS.map((row) => row.method)) {
      expect(await errorOf(open.route(call(method, [{}]), context))).toEqual({
        code: -32601,
        message: `the method ${method} does not exist/is not available`,
      });
    }
    expect(bus.requests).toEqual([]);
  });

  it('default: rpc.discover answers on every listener with the document of the exposed namespaces', async () => {
    const { router: closed, bus } = router('127.0.0.1', ['web3', 'eth', 'net']);
    const document = (await closed.route(call('rpc.discover', []), context)) as OpenRpcDocument;
    expect(document).toEqual(photonOpenRpcDocument(['web3', 'eth', 'net', 'rpc']));
    const namespaces = new Set(document.methods.map((method) => method.name.split(/[_.]/)[0]));
    expect([...namespaces].sort()).toEqual(['eth', 'net', 'rpc', 'web3']);
    // Without params too, as clients send it; the gateway answers it itself.
    expect(
      await closed.route({ method: 'rpc.discover', params: undefined, id: 2, notification: false }, context),
    ).toBe(document);
    expect(bus.requests).toEqual([]);
    const { router: bare } = router('127.0.0.1', []);
    const only = (await bare.route(call('rpc.discover', []), context)) as OpenRpcDocument;
    expect(only.methods.map((method) => method.name)).toEqual(['rpc.discover']);
  });

  it('error: rpc.discover takes no params', async () => {
    const { router: open } = router('127.0.0.1', ['eth']);
    expect(await errorOf(open.route(call('rpc.discover', [true]), context))).toEqual({
      code: -32602,
      message: 'too many arguments, want at most 0',
    });
  });

  it('behavior: the keystore is a required service when eth or personal is exposed', () => {
    expect(router('127.0.0.1', ['eth']).router.requiredServices).toContain('keystore');
    expect(router('127.0.0.1', ['web3', 'net']).router.requiredServices).not.toContain('keystore');
  });
});

describe(RpcEndpoint.name, () => {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_accounts', params: [] });
  const exposureOf = async (host: string, caller: Record<string, unknown> = {}) => {
    const bus = new RecordingBus();
    const options = gatewayOptions(host, ['eth']);
    const endpoint = endpointOf(bus, options);
    await endpoint.handle(body, { transport: 'http', ...caller });
    return bus.requests[0]?.request.context.exposure;
  };

  it.each(['127.0.0.1', '127.8.9.10', 'localhost', '::1'])(
    'default: a gateway listening on %s states a loopback exposure',
    async (host) => expect(await exposureOf(host)).toBe('loopback'),
  );

  it.each(['0.0.0.0', '10.1.2.3', '::', 'example.com'])(
    'behavior: a gateway listening on %s states a public exposure',
    async (host) => expect(await exposureOf(host)).toBe('public'),
  );

  it('behavior: the exposure a caller claims is overwritten by the listener', async () => {
    expect(await exposureOf('0.0.0.0', { exposure: 'loopback' })).toBe('public');
  });
});

describe('a batch through the endpoint', () => {
  it('default: the calls one service owns go to it in one exchange; the rest are answered as alone', async () => {
    const bus = new RecordingBus();
    const options = { ...gatewayOptions('127.0.0.1', ['eth', 'net', 'web3']), maxBatchItems: 10 };
    const endpoint = endpointOf(bus, options);
    const item = (id: number, method: string, params: unknown[] = []) => ({
      jsonrpc: '2.0',
      id,
      method,
      params,
    });
    const address = '0x' + '11'.repeat(20);
    const reply = await endpoint.handle(
      JSON.stringify([
        item(1, 'eth_getBalance', [address, 'latest']),
        item(2, 'eth_sendRawTransaction', ['0x01']),
        item(3, 'personal_listAccounts'),
        item(4, 'eth_getCode', [address, 'latest']),
        { jsonrpc: '2.0', id: 5 },
        item(6, 'eth_accounts'),
        item(7, 'net_peerCount'),
      ]),
      { transport: 'http' },
    );
    expect(bus.exchanges).toEqual([
      { service: 'query', methods: ['eth_getBalance', 'eth_getCode', 'net_peerCount'] },
      { service: 'tx', methods: ['eth_sendRawTransaction'] },
      { service: 'keystore', methods: ['eth_accounts'] },
    ]);
    expect(JSON.parse(reply!)).toEqual([
      { jsonrpc: '2.0', id: 1, result: true },
      { jsonrpc: '2.0', id: 2, result: true },
      {
        jsonrpc: '2.0',
        id: 3,
        error: { code: -32601, message: 'the method personal_listAccounts does not exist/is not available' },
      },
      { jsonrpc: '2.0', id: 4, result: true },
      { jsonrpc: '2.0', id: 5, error: expect.objectContaining({ code: -32600 }) },
      { jsonrpc: '2.0', id: 6, result: true },
      { jsonrpc: '2.0', id: 7, result: true },
    ]);
  });
});

describe('gateway metrics', () => {
  /** A bus whose keystore refuses with a JSON-RPC error and whose query answers. */
  class AnsweringBus extends RecordingBus {
    override request(service: ServiceName, request: BusRequest): Promise<unknown> {
      this.requests.push({ service, request });
      if (service === 'keystore')
        return Promise.reject(new InvalidInputError('could not decrypt key with given password'));
      return Promise.resolve('0x0');
    }
  }

  it('default: each call is counted by method and error code, bus round trips by service, params never', async () => {
    const metrics = new OpsMetrics();
    const options = { ...gatewayOptions('127.0.0.1', ['eth', 'personal']), maxBatchItems: 10 };
    const endpoint = endpointOf(new AnsweringBus(), options, { draining: new Draining(), metrics });
    const address = '0x' + 'ab'.repeat(20);
    const passphrase = 'correct horse battery staple';
    const item = (id: number, method: string, params: unknown[] = []) => ({
      jsonrpc: '2.0',
      id,
      method,
      params,
    });
    await endpoint.handle(JSON.stringify(item(1, 'eth_getBalance', [address, 'latest'])), context);
    await endpoint.handle(
      JSON.stringify([
        item(2, 'eth_getBalance', [address, 'latest']),
        item(3, 'personal_unlockAccount', [address, passphrase, 60]),
        item(4, `0x${'cd'.repeat(32)}`),
        { jsonrpc: '2.0', id: 5 },
      ]),
      context,
    );
    await endpoint.handle('{not json', context);
    const text = await metrics.text();
    expect(text).toContain('photon_rpc_requests_total{service="gateway",method="eth_getBalance"} 2');
    expect(text).toContain(
      'photon_rpc_errors_total{service="gateway",method="personal_unlockAccount",code="-32000"} 1',
    );
    expect(text).toContain('photon_rpc_errors_total{service="gateway",method="(unknown)",code="-32601"} 1');
    expect(text).toContain('photon_rpc_errors_total{service="gateway",method="(invalid)",code="-32600"} 1');
    expect(text).toContain('photon_rpc_errors_total{service="gateway",method="(invalid)",code="-32700"} 1');
    expect(text).toContain('photon_bus_round_trip_seconds_count{service="query"} 2');
    expect(text).toContain('photon_bus_round_trip_seconds_count{service="keystore"} 1');
    for (const secret of [passphrase, 'ab'.repeat(20), 'cd'.repeat(32)]) expect(text).not.toContain(secret);
  });
});
