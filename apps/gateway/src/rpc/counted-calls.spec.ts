// What the gateway counts for a body refused as a whole (over its rate limit), and for each call it routes.
import { InvalidParamsError, type RpcCall, parseBody } from '@photon/codec';
import { OpsMetrics } from '@photon/ops';
import { countRefusedBody, countedInvoke } from './counted-calls';

describe(countRefusedBody.name, () => {
  it('default: each call of a refused batch is counted by method with the refusal code; bad items as invalid', async () => {
    const metrics = new OpsMetrics();
    const body = parseBody(
      JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'eth_call', params: [{ to: `0x${'12'.repeat(20)}` }, 'latest'] },
        { jsonrpc: '2.0', id: 2, method: 'eth_chainId', params: [] },
        { jsonrpc: '2.0', id: 3 },
      ]),
      { requireVersion: true, maxBatchItems: 10 },
    );
    countRefusedBody(body, -32005, metrics);
    const text = await metrics.text();
    expect(text).toContain('photon_rpc_errors_total{service="gateway",method="eth_call",code="-32005"} 1');
    expect(text).toContain('photon_rpc_errors_total{service="gateway",method="eth_chainId",code="-32005"} 1');
    expect(text).toContain('photon_rpc_errors_total{service="gateway",method="(invalid)",code="-32600"} 1');
    expect(text).not.toContain('12'.repeat(20));
  });
});

describe(countedInvoke.name, () => {
  const call: RpcCall = { id: 1, method: 'eth_chainId', params: [], notification: false };

  it('default: a call answered later is counted and gives its answer', async () => {
    const metrics = new OpsMetrics();
    await expect(countedInvoke(() => Promise.resolve('0x2328'), metrics)(call)).resolves.toBe('0x2328');
    expect(await metrics.text()).toContain(
      'photon_rpc_requests_total{service="gateway",method="eth_chainId"} 1',
    );
  });

  it('error: an invoke that throws at once rejects with what it threw and is counted with its code', async () => {
    const metrics = new OpsMetrics();
    const thrown = new InvalidParamsError('refused at once');
    const counted = countedInvoke(() => {
      throw thrown;
    }, metrics);
    let returned: Promise<unknown> | undefined;
    expect(() => (returned = counted(call))).not.toThrow();
    await expect(returned).rejects.toBe(thrown);
    expect(await metrics.text()).toContain(
      'photon_rpc_errors_total{service="gateway",method="eth_chainId",code="-32602"} 1',
    );
  });
});
