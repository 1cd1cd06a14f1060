// Puts the chain the client tests read on a fresh devnet: PhotonToken deployed by dev account 7, then
// token transfers in separate blocks, all sent straight to the devnet (the tier's own submit path is
// not what these tests are about).
import { DevnetClient, PHOTON_TOKEN_ARTIFACT, devWallet } from '@photon/testing';
import { ContractFactory, Interface, type TransactionLike, getCreateAddress } from 'ethers';

export const TOKEN_INTERFACE = new Interface(PHOTON_TOKEN_ARTIFACT.abi);
export const INITIAL_SUPPLY = 1_000n * 10n ** 18n;

export interface SentTx {
  hash: string;
  height: bigint;
}

export interface TokenTransfer extends SentTx {
  from: string;
  to: string;
  amount: bigint;
}

export interface ClientsChain {
  /** The token's address. */
  token: string;
  deployer: string;
  deploy: SentTx;
  /** In the order sent; each in a later block than the one before. */
  transfers: TokenTransfer[];
  /** The token balance of every account the chain touched, after the last transfer. */
  balances: Map<string, bigint>;
}

const FEES = { maxFeePerGas: 100_000_000_000n, maxPriorityFeePerGas: 1n, chainId: 9000n, type: 2 } as const;

/** Each move is (from wallet index, to wallet index, amount in token units); wallets 7–9 only. */
const MOVES: readonly (readonly [number, number, bigint])[] = [
  [7, 8, 100n],
  [7, 9, 25n],
  [8, 9, 40n],
  [7, 9, 5n],
];

export async function putClientsChain(devnetUrl: string): Promise<ClientsChain> {
  const devnet = new DevnetClient(devnetUrl);
  const deployer = devWallet(7);
  // The devnet is fresh, so every dev account starts at nonce 0.
  const nonces = new Map<number, number>();
  const send = async (index: number, tx: TransactionLike): Promise<SentTx> => {
    const nonce = nonces.get(index) ?? 0;
    nonces.set(index, nonce + 1);
    return devnet.send(await devWallet(index).signTransaction({ ...tx, nonce, ...FEES }));
  };

  const factory = new ContractFactory(PHOTON_TOKEN_ARTIFACT.abi, PHOTON_TOKEN_ARTIFACT.bytecode);
  const { data } = await factory.getDeployTransaction('Photon Client Token', 'PCT', INITIAL_SUPPLY);
  const deploy = await send(7, { data, gasLimit: 2_000_000n });
  const token = getCreateAddress({ from: deployer.address, nonce: 0 });

  const balances = new Map<string, bigint>([[deployer.address, INITIAL_SUPPLY]]);
  const transfers: TokenTransfer[] = [];
  for (const [fromIndex, toIndex, units] of MOVES) {
    const from = devWallet(fromIndex).address;
    const to = devWallet(toIndex).address;
    const amount = units * 10n ** 18n;
    const sent = await send(fromIndex, {
      to: token,
      data: TOKEN_INTERFACE.encodeFunctionData('transfer', [to, amount]),
      gasLimit: 100_000n,
    });
    transfers.push({ ...sent, from, to, amount });
    balances.set(from, (balances.get(from) ?? 0n) - amount);
    balances.set(to, (balances.get(to) ?? 0n) + amount);
  }
  return { token, deployer: deployer.address, deploy, transfers, balances };
}
