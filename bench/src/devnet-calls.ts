// What one distinct eth_call costs the devnet, the engine alone: PhotonToken deployed on a fresh devnet, then
// `balanceOf` of a different empty account per call, one call at a time over the CometBFT RPC (abci_query
// EthCall, as the query service asks), and the devnet process's utime + stime from /proc over the calls. No
// load generator, cluster or cache shares the box's cores, so the figure moves with the EVM's own cost.
import { CometHttpClient, EvmQueryClient } from '@photon/engine-client';
import { DevnetClient, type ManagedProcess } from '@photon/testing';
import { zeroPadValue } from 'ethers';

import { CHAIN_ID, SIGNED_DEPLOY, TOKEN, TOKEN_INTERFACE } from './bench-chain';
import { CpuMeter } from './cpu-meter';
import { callerAddress } from './rpc-calls';

/** Ethermint's gas cap for a call (LIMITS.md). */
const GAS_CAP = 25_000_000n;
/** Calls made before measuring: the devnet's query VMs and caches warm up. */
const WARM_UP_CALLS = 500;
/** What `balanceOf` of an account that never held a token returns. */
const NOTHING = zeroPadValue('0x', 32);

export interface DevnetCallCost {
  readonly calls: number;
  /** The devnet process's CPU µs per call. */
  readonly cpuMicros: number;
  /** Wall-clock µs per call, the round trip over HTTP included. */
  readonly wallMicros: number;
}

/** Deploys the token on the devnet at `url` (process `devnet`) and measures `calls` distinct calls. */
export async function devnetCallCost(
  url: string,
  devnet: ManagedProcess,
  calls: number,
): Promise<DevnetCallCost> {
  const pid = devnet.child.pid;
  if (pid === undefined) throw new Error('the devnet process has no pid');
  await new DevnetClient(url).send(SIGNED_DEPLOY);
  const evm = new EvmQueryClient(new CometHttpClient(url));
  const callFor = async (n: number): Promise<void> => {
    const data = TOKEN_INTERFACE.encodeFunctionData('balanceOf', [callerAddress(n)]);
    const result = await evm.ethCall({ args: { to: TOKEN, data }, gasCap: GAS_CAP, chainId: CHAIN_ID });
    if (result.vmError !== '' || result.ret !== NOTHING)
      throw new Error(`balanceOf answered ${result.ret} (${result.vmError || 'no vm error'}), not zero`);
  };
  for (let n = 0; n < WARM_UP_CALLS; n++) await callFor(n);
  const meter = new CpuMeter([{ role: 'devnet', pid }]);
  const before = await meter.read();
  const started = process.hrtime.bigint();
  for (let n = WARM_UP_CALLS; n < WARM_UP_CALLS + calls; n++) await callFor(n);
  const wallMicros = Number(process.hrtime.bigint() - started) / 1e3 / calls;
  const [cost] = meter.costs(before, await meter.read(), calls);
  if (cost === undefined) throw new Error('the devnet process could not be read in /proc');
  return { calls, cpuMicros: cost.usPerRequest, wallMicros };
}
