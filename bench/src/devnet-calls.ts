// What one distinct query costs the devnet, the engine alone: PhotonToken deployed on a fresh devnet, then one
// query at a time over the CometBFT RPC (abci_query, as the query service asks), each about an account never
// asked before, and the devnet process's utime + stime from /proc over the queries. No load generator, cluster
// or cache shares the box's cores, so the figure moves with the devnet's own cost. Two kinds: an eth_call of
// `balanceOf` (the EVM) and the balance of an account (a state read, Ethermint's Query/Balance).
import { CometHttpClient, EvmQueryClient } from '@photon/engine-client';
import { DevnetClient, type ManagedProcess } from '@photon/testing';
import { zeroPadValue } from 'ethers';

import { CHAIN_ID, SIGNED_DEPLOY, TOKEN, TOKEN_INTERFACE } from './bench-chain';
import { CpuMeter } from './cpu-meter';
import { callerAddress } from './rpc-calls';

/** Ethermint's gas cap for a call (LIMITS.md). */
const GAS_CAP = 25_000_000n;
/** Queries made before measuring: the devnet's query VMs and caches warm up. */
const WARM_UP_QUERIES = 500;
/** What `balanceOf` of an account that never held a token returns. */
const NOTHING = zeroPadValue('0x', 32);
/** Balance reads ask accounts clear of the calls' (which count from 0), so no read is of an account seen. */
const BALANCE_ACCOUNTS = 2 ** 40;

export interface DevnetQueryCost {
  readonly queries: number;
  /** The devnet process's CPU µs per query. */
  readonly cpuMicros: number;
  /** Wall-clock µs per query, the round trip over HTTP included. */
  readonly wallMicros: number;
}

export interface DevnetQueryCosts {
  /** eth_call of PhotonToken `balanceOf` of a new account each time. */
  readonly calls: DevnetQueryCost;
  /** The balance of a new account each time. */
  readonly balances: DevnetQueryCost;
}

/** Deploys the token on the devnet at `url` (process `devnet`), then measures `queries` of each kind. */
export async function devnetQueryCosts(
  url: string,
  devnet: ManagedProcess,
  queries: number,
): Promise<DevnetQueryCosts> {
  const pid = devnet.child.pid;
  if (pid === undefined) throw new Error('the devnet process has no pid');
  await new DevnetClient(url).send(SIGNED_DEPLOY);
  const evm = new EvmQueryClient(new CometHttpClient(url));
  const meter = new CpuMeter([{ role: 'devnet', pid }]);
  const measure = async (first: number, query: (n: number) => Promise<void>): Promise<DevnetQueryCost> => {
    for (let n = first; n < first + WARM_UP_QUERIES; n++) await query(n);
    const before = await meter.read();
    const started = process.hrtime.bigint();
    for (let n = first + WARM_UP_QUERIES; n < first + WARM_UP_QUERIES + queries; n++) await query(n);
    const wallMicros = Number(process.hrtime.bigint() - started) / 1e3 / queries;
    const [cost] = meter.costs(before, await meter.read(), queries);
    if (cost === undefined) throw new Error('the devnet process could not be read in /proc');
    return { queries, cpuMicros: cost.usPerRequest, wallMicros };
  };
  const calls = await measure(0, async (n) => {
    const data = TOKEN_INTERFACE.encodeFunctionData('balanceOf', [callerAddress(n)]);
    const result = await evm.ethCall({ args: { to: TOKEN, data }, gasCap: GAS_CAP, chainId: CHAIN_ID });
    if (result.vmError !== '' || result.ret !== NOTHING)
      throw new Error(`balanceOf answered ${result.ret} (${result.vmError || 'no vm error'}), not zero`);
  });
  const balances = await measure(BALANCE_ACCOUNTS, async (n) => {
    const balance = await evm.balance(callerAddress(n));
    if (balance !== 0n) throw new Error(`a new account's balance is ${balance}, not zero`);
  });
  return { calls, balances };
}
