// The chain most call specs start from: the probe deployed at height 1 and its value set to 7 at height 2.
import { EvmChain } from '../evm-chain';
import type { Hex } from '../types';
import { PROBE_INIT_CODE, Probe, probeCall } from './probe-contract';
import { devWallet, GWEI, signTx } from './sign';

export const PROBE_PROPOSER: Hex = `0x${'ab'.repeat(20)}`;

/** A chain with the probe deployed at height 1 (dev account 0, nonce 0) and its value set to 7 at height 2. */
export async function chainWithProbe(): Promise<{ chain: EvmChain; probe: Hex }> {
  const chain = await EvmChain.create();
  const wallet = devWallet(0);
  const fees = { gasPrice: 2n * GWEI };
  await chain.checkTx(await signTx(wallet, { nonce: 0, data: PROBE_INIT_CODE, gasLimit: 200_000n, ...fees }));
  const probe = (await chain.produceBlock({ height: 1, timestamp: 11, proposer: PROBE_PROPOSER })).txs[0]
    ?.contractAddress as Hex;
  const store7 = { nonce: 1, to: probe, data: probeCall(Probe.store, 7n), gasLimit: 100_000n, ...fees };
  await chain.checkTx(await signTx(wallet, store7));
  await chain.produceBlock({ height: 2, timestamp: 12, proposer: PROBE_PROPOSER });
  return { chain, probe };
}
