// What the client write suites share: the token they deploy, a function it lacks, the accounts each client
// uses and the stack they write through. They register into clients.e2e-spec.ts's describe, so that its one
// stack per topology serves the reads and the writes.
import { PHOTON_TOKEN_ARTIFACT } from '@photon/testing';

export const ABI = PHOTON_TOKEN_ARTIFACT.abi;
export const BYTECODE = PHOTON_TOKEN_ARTIFACT.bytecode;
export const SUPPLY = 10n ** 24n;
/** A function PhotonToken lacks and has no fallback for: a call to it reverts with no data. */
export const MISSING = 'function burn(uint256 amount)';
export const MISSING_ABI = [
  {
    type: 'function',
    name: 'burn',
    stateMutability: 'nonpayable',
    inputs: [{ name: 'amount', type: 'uint256' }],
    outputs: [],
  },
] as const;

export interface WritesTarget {
  httpUrl: string;
}

/**
 * One account set per client (none of 0, 6 and 7, which the read cases measure), and the recipient of
 * every transfer: each client's flow ends with `recipient` holding 1 + 2 + 3 + 20 + 4 token units.
 */
export const ROLES = {
  ethers: { owner: 1, spender: 2, recipient: '0x00000000000000000000000000000000000e7e45' },
  viem: { owner: 3, spender: 4, recipient: '0x00000000000000000000000000000000000f1e44' },
  web3: { owner: 5, spender: 8, recipient: '0x0000000000000000000000000000000000000eb3' },
} as const;
export const RECEIVED = 1n + 2n + 3n + 20n + 4n;
export const PASSPHRASE = 'clients personal flow';

/** The rejection of `promise` (or of a thenable, as web3.js's PromiEvent is); fails when it resolves. */
export async function rejection(promise: PromiseLike<unknown> | object): Promise<unknown> {
  try {
    await (promise as Promise<unknown>);
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection');
}
