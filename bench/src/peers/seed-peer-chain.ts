// Gives a peer node the bench chain's shape, so every workload body and preflight check that fits
// Photon's chain fits the peer's: DEPLOYER funded, PhotonToken deployed at TOKEN (DEPLOYER's nonce 0),
// the transfers at the heights the devnet chain has them (where the peer's head allows), then empty
// blocks up to CHAIN_HEIGHT. Every step is a JSON-RPC call; only the cheat codes differ per peer.
import { rpc } from '@photon/testing';
import { toQuantity } from 'ethers';

import { CHAIN_HEIGHT, DEPLOYER, SIGNED_DEPLOY, SIGNED_TRANSFERS, txHash } from '../bench-chain';

/** The cheat codes of one peer: how to fund an account and how to mine empty blocks. */
export interface PeerDialect {
  /** `anvil_setBalance`, `hardhat_setBalance`, `evm_setAccountBalance`: params [address, wei QUANTITY]. */
  setBalanceMethod: string;
  mineMethod: string;
  /** The params of `mineMethod` that mine `blocks` (≥ 1) empty blocks in one call. */
  mineParams(blocks: bigint): unknown[];
}

// Far more than the deploy and the transfers can cost at the signed fee cap.
const DEPLOYER_BALANCE = 10n ** 24n;

async function call<R>(url: string, method: string, params: unknown[]): Promise<R> {
  const reply = await rpc<R>(url, method, params);
  if (reply.error !== undefined) throw new Error(`${method}: ${JSON.stringify(reply.error)}`);
  return reply.result as R;
}

async function head(url: string): Promise<bigint> {
  return BigInt(await call<string>(url, 'eth_blockNumber', []));
}

/** Mines until the head is `height` (nothing when it already is or is past it). */
async function mineTo(url: string, dialect: PeerDialect, height: bigint): Promise<void> {
  const blocks = height - (await head(url));
  if (blocks > 0n) await call(url, dialect.mineMethod, dialect.mineParams(blocks));
}

/** Sends a signed tx into the next block (every peer here mines one on arrival); returns its height. */
async function include(url: string, signed: string): Promise<bigint> {
  const hash = txHash(signed);
  await call(url, 'eth_sendRawTransaction', [signed]);
  for (let attempt = 0; attempt < 100; attempt++) {
    const receipt = await call<{ status: string; blockNumber: string } | null>(
      url,
      'eth_getTransactionReceipt',
      [hash],
    );
    if (receipt !== null) {
      if (receipt.status !== '0x1') throw new Error(`${hash} failed (status ${receipt.status})`);
      return BigInt(receipt.blockNumber);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${hash} was not mined within 5 s`);
}

/**
 * Seeds the chain at `url` and returns the heights the deploy and each transfer landed at. `heights`
 * are where to put them (the devnet chain's, or the plan's): each tx goes into the block after the
 * head is mined up to one below its height. `signedDeploy` replaces the artifact's deploy for a peer
 * that cannot run its bytecode (same deployer and nonce, so the token's address is TOKEN all the same).
 */
export async function seedPeerChain(
  url: string,
  dialect: PeerDialect,
  heights: readonly bigint[],
  signedDeploy: string = SIGNED_DEPLOY,
  chainHeight: number = CHAIN_HEIGHT,
): Promise<bigint[]> {
  await call(url, dialect.setBalanceMethod, [DEPLOYER.address, toQuantity(DEPLOYER_BALANCE)]);
  const landed: bigint[] = [];
  for (const [i, signed] of [signedDeploy, ...SIGNED_TRANSFERS].entries()) {
    const height = heights[i];
    if (height !== undefined) await mineTo(url, dialect, height - 1n);
    landed.push(await include(url, signed));
  }
  await mineTo(url, dialect, BigInt(chainHeight));
  return landed;
}
