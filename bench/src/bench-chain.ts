// What the chain the query workloads read holds. Every value is fixed in advance (dev accounts,
// nonces, amounts), so the workloads' bodies and expected results are constants.
import { PHOTON_TOKEN_ARTIFACT, devWallet } from '@photon/testing';
import { Interface, Transaction, type TransactionLike, concat, getCreateAddress, id } from 'ethers';

/** Deploys the token at its nonce 0 and makes every transfer. */
export const DEPLOYER = devWallet(7);
/** Receives every transfer; the balance the eth_getBalance and eth_call workloads read. */
export const HOLDER = devWallet(8).address;
export const TOKEN = getCreateAddress({ from: DEPLOYER.address, nonce: 0 });
export const TOKEN_INTERFACE = new Interface(PHOTON_TOKEN_ARTIFACT.abi);
export const TRANSFER_TOPIC = id('Transfer(address,address,uint256)');

/** The deployer's supply, minted by the constructor. */
export const INITIAL_SUPPLY = 1_000_000n * 10n ** 18n;
/** Transfers of TRANSFER_AMOUNT from DEPLOYER to HOLDER, spread evenly over LOG_RANGE. */
export const TRANSFERS = 10;
export const TRANSFER_AMOUNT = 10n ** 18n;

/** The eth_getLogs workload's range: every Transfer of the chain (the mint and TRANSFERS) lies inside. */
export const LOG_RANGE = { fromBlock: 1, toBlock: 1000 } as const;
/** The chain is made until it is at least this high, so LOG_RANGE is all committed history. */
export const CHAIN_HEIGHT = LOG_RANGE.toBlock + 10;
/** Transfer logs in LOG_RANGE: the constructor's mint and every transfer. */
export const LOGS_IN_RANGE = 1 + TRANSFERS;

/** Chain id of Photon's devnet; the peers are started with it too, so one signed tx fits every target. */
export const CHAIN_ID = 9000n;
// Dev accounts hold 1,000,000 photon and every chain's base fee is far below this cap.
const FEES = {
  maxFeePerGas: 100_000_000_000n,
  maxPriorityFeePerGas: 1n,
  chainId: CHAIN_ID,
  type: 2,
} as const;
/** Keeps the last transfer clear of LOG_RANGE's end even if its inclusion is a few blocks late. */
const MARGIN = 50n;

// Signed synchronously (RFC 6979 signatures are deterministic), so every hash is a constant too.
function sign(fields: TransactionLike<string>): string {
  const tx = Transaction.from({ ...FEES, ...fields });
  tx.signature = DEPLOYER.signingKey.sign(tx.unsignedHash);
  return tx.serialized;
}

/** DEPLOYER's nonce-0 transaction deploying `bytecode` (PhotonToken's) at TOKEN with INITIAL_SUPPLY. */
export function signDeploy(bytecode: string): string {
  return sign({
    nonce: 0,
    gasLimit: 2_000_000n,
    data: concat([bytecode, TOKEN_INTERFACE.encodeDeploy(['Photon Bench Token', 'PBT', INITIAL_SUPPLY])]),
  });
}

/** The deploy of the PhotonToken artifact, as the devnet chain and every cancun-capable peer has it. */
export const SIGNED_DEPLOY = signDeploy(PHOTON_TOKEN_ARTIFACT.bytecode);

/** DEPLOYER's transfers of TRANSFER_AMOUNT to HOLDER, nonces 1…TRANSFERS. */
export const SIGNED_TRANSFERS: readonly string[] = Array.from({ length: TRANSFERS }, (_, i) =>
  sign({
    to: TOKEN,
    nonce: i + 1,
    gasLimit: 100_000n,
    data: TOKEN_INTERFACE.encodeFunctionData('transfer', [HOLDER, TRANSFER_AMOUNT]),
  }),
);

/** The hash of a signed transaction. */
export function txHash(signed: string): string {
  const { hash } = Transaction.from(signed);
  if (hash === null) throw new Error('not a signed transaction');
  return hash;
}

/** The first transfer's hash: the one the eth_getTransactionReceipt workload asks for. */
export const RECEIPT_TX_HASH = txHash(SIGNED_TRANSFERS[0] ?? '');

/**
 * The heights the deploy and each transfer are sent at once the deploy landed at `deployHeight`:
 * the transfers spread evenly from there to MARGIN blocks before LOG_RANGE's end.
 */
export function plannedTxHeights(deployHeight: bigint): bigint[] {
  const last = BigInt(LOG_RANGE.toBlock) - MARGIN;
  if (deployHeight < BigInt(LOG_RANGE.fromBlock) || deployHeight >= last)
    throw new RangeError(`the deploy at ${deployHeight} leaves no room for the transfers before ${last}`);
  const spacing = (last - deployHeight) / BigInt(TRANSFERS);
  return [
    deployHeight,
    ...Array.from({ length: TRANSFERS }, (_, i) => deployHeight + spacing * BigInt(i + 1)),
  ];
}
