// Waits for a spawned `photon devnet` to answer CometBFT `health`, failing fast if it exits.
import { type ManagedProcess } from './spawn-process';
import { waitFor } from './wait-for';
import { describeOutput } from './wait-for-ready';

export async function waitForDevnet(
  rpcUrl: string,
  devnet: ManagedProcess,
  timeoutMs = 20_000,
): Promise<void> {
  const url = new URL('/health', rpcUrl).toString();
  await waitFor(
    async () => {
      if (devnet.hasExited()) {
        throw new Error(`photon devnet exited before ${url} answered\n${describeOutput([devnet])}`);
      }
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
        await res.arrayBuffer();
        return res.status === 200;
      } catch {
        return false;
      }
    },
    { what: `devnet ${url}`, timeoutMs, detail: () => describeOutput([devnet]) },
  );
}
