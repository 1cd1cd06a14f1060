// Peers have no /readyz: a peer is ready once it answers eth_chainId with the bench's chain id.
import { type ManagedProcess, describeOutput, rpc, waitFor } from '@photon/testing';
import { toQuantity } from 'ethers';

import { CHAIN_ID } from '../bench-chain';

/** Polls eth_chainId until it is CHAIN_ID; fails fast with the output if `proc` exits first. */
export async function waitForRpc(url: string, proc: ManagedProcess, timeoutMs: number): Promise<void> {
  let last = 'no answer yet';
  await waitFor(
    async () => {
      if (proc.hasExited())
        throw new Error(
          `exited (code ${String(await proc.exited)}) before answering\n${describeOutput([proc])}`,
        );
      let chainId: string | undefined;
      try {
        const reply = await rpc<string>(url, 'eth_chainId');
        chainId = reply.result;
        last = JSON.stringify(reply.result ?? reply.error);
      } catch (err) {
        last = err instanceof Error ? err.message : String(err);
      }
      if (chainId !== undefined && chainId !== toQuantity(CHAIN_ID))
        throw new Error(`chain id ${chainId}, expected ${toQuantity(CHAIN_ID)}`);
      return chainId !== undefined;
    },
    {
      timeoutMs,
      intervalMs: 100,
      what: `${url} to answer eth_chainId`,
      detail: () => `last answer: ${last}\n${describeOutput([proc])}`,
    },
  );
}
