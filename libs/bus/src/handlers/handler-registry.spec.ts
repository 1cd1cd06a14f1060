import { MethodNotFoundError } from '@photon/codec';
import { type DiscoveryService, MetadataScanner } from '@nestjs/core';
import { RpcHandlerRegistry } from './handler-registry';

describe(RpcHandlerRegistry.name, () => {
  const registry = (): RpcHandlerRegistry => {
    const discovery = { getProviders: () => [] } as unknown as DiscoveryService;
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
});
