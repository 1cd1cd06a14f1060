// Issue 23 item 12: a query replica SIGKILLed while it holds reads does not hang them. Two query replicas
// take slow eth_calls (an EVM loop); one is killed mid-way; its heartbeats stop, the gateway sends the reads
// it may have held again to the replica left, and every call is answered with its result, far from the
// method's 15 s timeout.
import { type ClusterStack, devWallet, rpc, startPhotonStack } from '@photon/testing';

jest.setTimeout(180_000);

/** Contract-creation code that counts `n` down to zero and stops: an eth_call whose run time grows with n. */
function loop(n: number): string {
  const count = n.toString(16).padStart(6, '0');
  // PUSH3 n; JUMPDEST; DUP1; ISZERO; PUSH1 0x11; JUMPI; PUSH1 1; SWAP1; SUB; PUSH1 4; JUMP; JUMPDEST; STOP
  return `0x62${count}5b8015601157600190036004565b00`;
}

/** eth_call of the loop (each n distinct, so no cache answers it); its outcome and how long it took. */
async function slowCall(url: string, n: number): Promise<{ ms: number; result?: unknown; error?: unknown }> {
  const began = Date.now();
  const reply = await rpc(
    url,
    'eth_call',
    [{ from: devWallet(0).address, data: loop(n), gas: '0x17d7840' }, 'latest'],
    n,
    {
      timeoutMs: 60_000,
    },
  );
  return {
    ms: Date.now() - began,
    ...(reply.error === undefined ? { result: reply.result } : { error: reply.error }),
  };
}

/** eth_call's bus timeout (the method table's `execute` class). */
const EXECUTE_TIMEOUT_MS = 15_000;

describe('a query replica killed while it holds calls', () => {
  let stack: ClusterStack | undefined;

  beforeAll(async () => {
    stack = await startPhotonStack('cluster', { queryReplicas: 2, readyTimeoutMs: 90_000 });
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('behavior: the reads it held are answered by the other replica, long before their timeout', async () => {
    const url = stack!.httpUrl;
    // Loops long enough to be running, or queued behind one another, when the kill comes (about 1 s each
    // on this stack; the EVM's own 5 s cap is far).
    const probe = await slowCall(url, 100_000);
    expect(probe.error).toBeUndefined();
    const n = Math.min(200_000, Math.max(50_000, Math.round((100_000 * 1_000) / Math.max(probe.ms, 1))));
    const calls = Array.from({ length: 6 }, (_, i) => slowCall(url, n + i + 1));
    // Both replicas are busy with them: kill one mid-way.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const killed = Date.now();
    stack!.processes.query[0]!.child.kill('SIGKILL');
    const answers = await Promise.all(calls);
    const waited = Date.now() - killed;
    process.stdout.write(
      `replica loss: ${answers.length} eth_calls of ${n} loops (probe ${probe.ms} ms), all answered ${waited} ms ` +
        `after the kill; slowest ${Math.max(...answers.map((a) => a.ms))} ms\n`,
    );
    // Answered by a replica: a result (or, on a box slowed down, the EVM's own execution cap), never the bus's
    // -32002 for a reply that could not come.
    expect(answers.filter((a) => (a.error as { code?: number } | undefined)?.code === -32002)).toEqual([]);
    expect(waited).toBeLessThan(EXECUTE_TIMEOUT_MS);
  });
});
