// What the gateway counts for a body refused as a whole (over its rate limit).
import { parseBody } from '@photon/codec';
import { OpsMetrics } from '@photon/ops';
import { countRefusedBody } from './counted-calls';

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
