// The chain the conformance run calls against: putQueryChain's transfers, token deploy, logs and a
// reverted tx, plus what the sending and filter methods need (a dev key imported and unlocked in the
// keystore, a signed raw tx, filters). Everything is read back through the tier, as a client would.
import { devWallet, rpcResult } from '@photon/testing';
import { toQuantity } from 'ethers';
import { ChainWriter, GAS_PRICE, type QueryChain, TRANSFER_TOPIC, putQueryChain } from '../query-chain';

export interface ConformanceChain extends QueryChain {
  /** The block of the token moves (transfers, an approval and a revert), and its hash. */
  readonly movesHeight: string;
  readonly movesBlockHash: string;
  /** A key imported into the keystore and unlocked (dev account 8, funded). */
  readonly unlocked: string;
  /** A signed transfer from dev account 7, not yet sent. */
  readonly rawTransaction: string;
  /** Filters made for the run: blocks, logs of the token, and one to uninstall. */
  readonly blockFilter: string;
  readonly logFilter: string;
  readonly spareFilter: string;
  readonly transferTopic: string;
}

const PASSPHRASE = 'conformance';

export async function putConformanceChain(httpUrl: string, devnetUrl: string): Promise<ConformanceChain> {
  const writer = new ChainWriter(devnetUrl);
  const chain = await putQueryChain(writer);
  const movesHeight = toQuantity(chain.tokenMoves[0].height);
  const block = await rpcResult<{ hash: string }>(httpUrl, 'eth_getBlockByNumber', [movesHeight, false]);
  const key = devWallet(8);
  const unlocked = await rpcResult<string>(httpUrl, 'personal_importRawKey', [
    key.privateKey.slice(2),
    PASSPHRASE,
  ]);
  await rpcResult(httpUrl, 'personal_unlockAccount', [unlocked, PASSPHRASE, 600]);
  const rawTransaction = await devWallet(7).signTransaction({
    chainId: 9000n,
    nonce: 0,
    to: chain.accounts[1],
    value: 1n,
    gasLimit: 21_000n,
    type: 2,
    maxFeePerGas: GAS_PRICE,
    maxPriorityFeePerGas: 1n,
  });
  return {
    ...chain,
    movesHeight,
    movesBlockHash: block.hash,
    unlocked: unlocked.toLowerCase(),
    rawTransaction,
    blockFilter: await rpcResult<string>(httpUrl, 'eth_newBlockFilter', []),
    logFilter: await rpcResult<string>(httpUrl, 'eth_newFilter', [
      { fromBlock: movesHeight, toBlock: 'latest', address: chain.token },
    ]),
    spareFilter: await rpcResult<string>(httpUrl, 'eth_newBlockFilter', []),
    transferTopic: TRANSFER_TOPIC,
  };
}
