import { InvalidParamsError, MethodNotFoundError } from '@photon/codec';
import { type DiscoveryService, MetadataScanner } from '@nestjs/core';
import { type CallOutcome, RpcHandlerRegistry } from './handler-registry';
import { RpcMethod } from './rpc-method.decorator';

class SampleHandlers {
  @RpcMethod('web3_clientVersion')
  version(): string {
    return 'Photon/test';
  }

  @RpcMethod('net_version')
  async network(): Promise<string> {
    await Promise.resolve();
    return '9000';
  }

  @RpcMethod('web3_sha3')
  refuse(): never {
    throw new InvalidParamsError('refused at once');
  }

  @RpcMethod('net_listening')
  throwNonError(): never {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- a defect a handler may have, on purpose
    throw 'not an Error';
  }
}

describe(RpcHandlerRegistry.name, () => {
  const registry = (providers: object[] = []): RpcHandlerRegistry => {
    const discovery = {
      getProviders: () => providers.map((instance) => ({ instance })),
    } as unknown as DiscoveryService;
    const made = new RpcHandlerRegistry(discovery, new MetadataScanner());
    made.onModuleInit();
    return made;
  };

  it('behavior: the head a call states goes to every follower before the call runs', async () => {
    const heard: bigint[] = [];
    const handlers = registry();
    handlers.followCallerHeads((height) => heard.push(height));
    await expect(handlers.invoke('eth_getBalance', [], { transport: 'http', head: '12' })).rejects.toThrow(
      MethodNotFoundError,
    );
    expect(heard).toEqual([12n]);
  });

  it('error: a head that is no decimal height, or none, is ignored', async () => {
    const heard: bigint[] = [];
    const handlers = registry();
    handlers.followCallerHeads((height) => heard.push(height));
    for (const head of ['0x12', '-1', '1e3', '', '9'.repeat(30), undefined]) {
      await handlers.invoke('eth_getBalance', [], { transport: 'http', head }).catch(() => undefined);
    }
    expect(heard).toEqual([]);
  });

  it('default: a handler that answers at once, and one that answers later, both resolve', async () => {
    const handlers = registry([new SampleHandlers()]);
    await expect(handlers.invoke('web3_clientVersion', [], { transport: 'http' })).resolves.toBe(
      'Photon/test',
    );
    await expect(handlers.invoke('net_version', [], { transport: 'http' })).resolves.toBe('9000');
  });

  it('error: a handler that throws at once rejects with what it threw, never throws to the caller', async () => {
    const handlers = registry([new SampleHandlers()]);
    let returned: Promise<unknown> | undefined;
    expect(() => (returned = handlers.invoke('web3_sha3', [], { transport: 'http' }))).not.toThrow();
    await expect(returned).rejects.toThrow(new InvalidParamsError('refused at once'));
  });

  it('error: a handler that throws something other than an Error rejects with exactly that', async () => {
    const handlers = registry([new SampleHandlers()]);
    await expect(handlers.invoke('net_listening', [], { transport: 'http' })).rejects.toBe('not an Error');
  });

  it('default: the observer hears how each call ended, with its owner', async () => {
    const handlers = registry([new SampleHandlers()]);
    const outcomes: CallOutcome[] = [];
    handlers.observe((outcome) => outcomes.push(outcome));
    await handlers.invoke('web3_clientVersion', [], { transport: 'http' });
    await handlers.invoke('web3_sha3', [], { transport: 'http' }).catch(() => undefined);
    expect(outcomes.map(({ method, service, ok }) => ({ method, service, ok }))).toEqual([
      { method: 'web3_clientVersion', service: 'query', ok: true },
      { method: 'web3_sha3', service: 'query', ok: false },
    ]);
    const failed = outcomes[1];
    expect(failed !== undefined && !failed.ok && failed.error instanceof InvalidParamsError).toBe(true);
  });
});
