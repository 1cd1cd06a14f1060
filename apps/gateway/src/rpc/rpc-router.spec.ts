// The router's exposure rules, on a bus that records what reaches it.
import { type BusRequest, MethodBus } from '@photon/bus';
import { RpcError, type RpcCall } from '@photon/codec';
import type { Namespace, ServiceName } from '@photon/types';
import type { GatewayOptions } from '../gateway-options';
import { RpcRouter } from './rpc-router';

class RecordingBus extends MethodBus {
  readonly requests: { service: ServiceName; request: BusRequest }[] = [];

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

function router(host: string, rpcApi: Namespace[], allowInsecureUnlock = false) {
  const bus = new RecordingBus();
  const options: GatewayOptions = {
    laddr: { host, port: 8545 },
    wsport: 8546,
    rpcApi,
    corsOrigins: [],
    maxBodyBytes: 1,
    maxBatchItems: 1,
    maxBatchResponseBytes: 1,
    wsMaxMessageBytes: 1,
    wsPingSeconds: 1,
    allowInsecureUnlock,
  };
  return { bus, router: new RpcRouter(bus, options) };
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

  it('behavior: the keystore is a required service when eth or personal is exposed', () => {
    expect(router('127.0.0.1', ['eth']).router.requiredServices).toContain('keystore');
    expect(router('127.0.0.1', ['web3', 'net']).router.requiredServices).not.toContain('keystore');
  });

  it.each(['0.0.0.0', '10.1.2.3', '::', 'example.com'])(
    'error: unlocking on the non-loopback listener host %s is refused as geth refuses it',
    async (host) => {
      const { router: exposed, bus } = router(host, ['eth', 'personal']);
      expect(await errorOf(exposed.route(unlock, context))).toEqual({
        code: -32000,
        message: 'account unlock with HTTP access is forbidden',
      });
      expect(bus.requests).toEqual([]);
      // Other personal methods (passphrase per call) still pass, as in geth.
      await exposed.route(call('personal_listAccounts', []), context);
      expect(bus.requests).toHaveLength(1);
    },
  );

  it.each(['127.0.0.1', '127.8.9.10', 'localhost', '::1'])(
    'behavior: unlocking on the loopback listener host %s passes',
    async (host) => {
      expect(await router(host, ['personal']).router.route(unlock, context)).toBe(true);
    },
  );

  it('args: --allow-insecure-unlock lets unlocking through on any listener', async () => {
    expect(await router('0.0.0.0', ['personal'], true).router.route(unlock, context)).toBe(true);
  });
});
