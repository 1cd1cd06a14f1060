// What the chain the query workloads read holds. Every value is fixed in advance (dev accounts,
// nonces, amounts), so the workloads' bodies and expected results are constants.
import { PHOTON_TOKEN_ARTIFACT, devWallet } from '@photon/testing';
import { Interface, getCreateAddress, id } from 'ethers';

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
