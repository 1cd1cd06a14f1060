// The port's network.py: a fresh `photon start` (own devnet, free ports) with Ethermint's chain id and
// JSON-RPC namespaces (eth,net,web3,debug), their four accounts imported into the keystore and
// unlocked (ethermintd holds them in its keyring), and funded with their genesis balances by transfers
// from the devnet's dev accounts, since the devnet's genesis is its own.
import { type InProcessStack, devWallet, startPhotonStack } from '@photon/testing';
import { JsonRpcProvider } from 'ethers';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACCOUNTS, ACCOUNT_NAMES, GENESIS_BALANCES } from './accounts';
import { Web3Like } from './web3-like';

/** Ethermint's own chain id (configs/default.jsonnet): eth_chainId 9000. */
const CHAIN_ID = 'ethermint_9000-1';
/** pystarport's default timeout_commit. */
export const DEFAULT_BLOCK_TIME_MS = 1000;
/** Their scripts/env PASSWORD. */
const PASSPHRASE = '123456';

export interface EthermintNetwork {
  readonly w3: Web3Like;
  readonly stack: InProcessStack;
  stop(): Promise<void>;
}

/** setup_ethermint: the tier, ready, its accounts funded, at height ≥ 1 (w3_wait_for_block(1)). */
export async function startEthermintNetwork(blockTimeMs = DEFAULT_BLOCK_TIME_MS): Promise<EthermintNetwork> {
  const dir = await mkdtemp(join(tmpdir(), 'photon-ethermint-'));
  let stack: InProcessStack | undefined;
  try {
    const keys = join(dir, 'keys');
    const passphrases = join(dir, 'passphrases');
    await writeFile(keys, ACCOUNT_NAMES.map((name) => ACCOUNTS[name].privateKey.slice(2)).join('\n'));
    await writeFile(passphrases, ACCOUNT_NAMES.map(() => PASSPHRASE).join('\n'));
    stack = await startPhotonStack('in-process', {
      blockTimeMs,
      // Ready once the tier has seen a head (a few blocks, 5 s each on the long-timeout networks); a
      // loaded machine takes long to load the tier's modules.
      readyTimeoutMs: 60_000 + 4 * blockTimeMs,
      extraArgs: [
        ...['--log-level', 'warn', '--chain-id', CHAIN_ID, '--rpc-api', 'eth,net,web3,debug'],
        ...['--keystore-dir', join(dir, 'keystore'), '--lightkdf'],
        ...['--import-key-file', keys, '--passphrase-file', passphrases],
        ...['--unlock-key', ACCOUNT_NAMES.map((name) => ACCOUNTS[name].address).join(',')],
      ],
    });
    await fund(stack.httpUrl);
    const w3 = new Web3Like(stack.httpUrl, stack.wsUrl);
    await w3.waitForBlock(1);
    const started = stack;
    return {
      w3,
      stack: started,
      stop: async () => {
        await started.stop();
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await stack?.stop();
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

/** Gives each account its genesis balance from a dev account of its own (sent concurrently). */
async function fund(httpUrl: string): Promise<void> {
  const provider = new JsonRpcProvider(httpUrl, undefined, { staticNetwork: true, pollingInterval: 100 });
  try {
    await Promise.all(
      ACCOUNT_NAMES.map(async (name, i) => {
        const tx = await devWallet(i)
          .connect(provider)
          .sendTransaction({ to: ACCOUNTS[name].address, value: GENESIS_BALANCES[name] });
        await tx.wait();
      }),
    );
  } finally {
    provider.destroy();
  }
}
