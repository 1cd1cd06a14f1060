// The method table tells the truth (issue 10, item 10): in the tier `photon start` composes, every
// row owned by a shipped service has a handler, and every handler has a row that names its service.
// A row marked served with nothing behind it would answer clients with a confusing error.
import { RpcHandlerRegistry } from '@photon/bus';
import { INTERNAL_METHODS, METHOD_TABLE, type MethodRow, findMethod, isShippedService } from '@photon/types';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type TestTier, startTestTier } from './in-process-app';

describe('the method table against the handlers of photon start', () => {
  let tier: TestTier;
  let keystoreDir: string;
  beforeAll(async () => {
    keystoreDir = await mkdtemp(join(tmpdir(), 'photon-table-'));
    tier = await startTestTier(['--keystore-dir', keystoreDir, '--rpc-api', 'web3,eth,net,personal,txpool']);
  });
  afterAll(async () => {
    await tier?.close();
    await rm(keystoreDir, { recursive: true, force: true });
  });

  it("default: every row owned by a shipped service has a handler (an alias, its canonical row's)", () => {
    const registry = tier.app.get(RpcHandlerRegistry);
    const served = (METHOD_TABLE as readonly MethodRow[])
      .filter((row) => isShippedService(row.service))
      .map((row) => findMethod(row.method)!);
    expect(served.length).toBeGreaterThan(50);
    expect(served.filter((row) => !registry.has(row.method)).map((row) => row.method)).toEqual([]);
  });

  it('default: every internal bus method (service to service) has a handler too', () => {
    const registry = tier.app.get(RpcHandlerRegistry);
    expect(INTERNAL_METHODS.filter((row) => !registry.has(row.method)).map((row) => row.method)).toEqual([]);
  });

  it('default: every handler has a row, owned by a service this process serves', () => {
    const registry = tier.app.get(RpcHandlerRegistry);
    const rows = new Map((METHOD_TABLE as readonly MethodRow[]).map((row) => [row.method, row]));
    const unowned = [...rows.keys()].filter(
      (method) => registry.has(method) && !isShippedService(rows.get(method)!.service),
    );
    expect(unowned).toEqual([]);
    expect([...registry.servedServices()].sort()).toEqual(['events', 'keystore', 'query', 'tx']);
  });
});
