// Puts the chain the block, transaction, receipt and log tests read on a fresh devnet (dev accounts 1–3):
// transfers of the three tx types, a PhotonToken deploy, token moves that log Transfer and Approval next to
// a reverted one, and a later token move. Each batch is sent right after a block so it lands in one block.
import { DevnetClient, PHOTON_TOKEN_ARTIFACT, devWallet, waitFor } from '@photon/testing';
import {
  ContractFactory,
  Interface,
  Transaction,
  type TransactionLike,
  getCreateAddress,
  parseEther,
} from 'ethers';

export const TOKEN_INTERFACE = new Interface(PHOTON_TOKEN_ARTIFACT.abi);
export const TRANSFER_TOPIC = TOKEN_INTERFACE.getEvent('Transfer')?.topicHash ?? '';
export const APPROVAL_TOPIC = TOKEN_INTERFACE.getEvent('Approval')?.topicHash ?? '';
export const INITIAL_SUPPLY = 1_000_000n * 10n ** 18n;
export const CHAIN_ID = 9000n;

/** Fee fields generous enough for any base fee these tests reach. */
export const GAS_PRICE = 50_000_000_000n;
export const TIP = 1_000_000_000n;

export interface SentTx {
  readonly hash: string;
  /** The signed tx as ethers reads it back (fields, signature). */
  readonly tx: Transaction;
  readonly height: bigint;
  /** Position in its block: the devnet includes a batch in arrival order. */
  readonly index: number;
}

export interface QueryChain {
  /** The token's address, lowercase. */
  readonly token: string;
  /** Accounts 1–3, lowercase. */
  readonly accounts: readonly [string, string, string];
  /** One block: an EIP-1559 transfer, a legacy (EIP-155) transfer, an EIP-2930 transfer with an access list. */
  readonly transfers: readonly [SentTx, SentTx, SentTx];
  readonly deploy: SentTx;
  /** One block: transfer 1→2, transfer 1→3, approve 3→1 (logs), then 2→3 beyond its balance (reverted). */
  readonly tokenMoves: readonly [SentTx, SentTx, SentTx, SentTx];
  /** A later block: transfer 2→3. */
  readonly later: SentTx;
}

export const TOKEN_AMOUNTS = { toAccount2: 100n, toAccount3: 50n, approved: 5n, later: 7n } as const;

/** The CometBFT block hash of `height` as the devnet's own `block` RPC reports it, 0x lowercase. */
export async function cometBlockHash(devnet: DevnetClient, height: bigint): Promise<string> {
  const answer = await devnet.call<{ block_id: { hash: string } }>('block', { height: height.toString() });
  return `0x${answer.block_id.hash.toLowerCase()}`;
}

export class ChainWriter {
  readonly devnet: DevnetClient;
  // The devnet is fresh, so every dev account starts at nonce 0.
  private readonly nonces = new Map<number, number>();

  constructor(devnetUrl: string) {
    this.devnet = new DevnetClient(devnetUrl);
  }

  /** Signs `tx` for dev account `account` with its next nonce (defaults: EIP-1559 on chain 9000). */
  async sign(account: number, tx: TransactionLike): Promise<string> {
    const nonce = this.nonces.get(account) ?? 0;
    this.nonces.set(account, nonce + 1);
    const fees =
      tx.type === 0 || tx.type === 1
        ? { gasPrice: GAS_PRICE }
        : { type: 2, maxFeePerGas: GAS_PRICE, maxPriorityFeePerGas: TIP };
    return devWallet(account).signTransaction({ chainId: CHAIN_ID, nonce, ...fees, ...tx });
  }

  /**
   * Broadcasts signed txs right after a new block, so all of them wait for the same next block, and
   * returns them included. A batch split over two blocks fails loudly rather than testing less.
   */
  async sendTogether(signed: readonly string[]): Promise<SentTx[]> {
    const before = await this.devnet.latestHeight();
    await waitFor(async () => (await this.devnet.latestHeight()) > before, {
      what: 'a fresh block',
      intervalMs: 10,
    });
    for (const raw of signed) {
      const answer = await this.devnet.broadcast(raw);
      if (answer.code !== 0) throw new Error(`devnet refused a tx: code ${answer.code}: ${answer.log}`);
    }
    const txs = signed.map((raw) => Transaction.from(raw));
    const heights = await Promise.all(txs.map((tx) => this.devnet.waitForInclusion(tx.hash ?? '')));
    if (new Set(heights).size !== 1) throw new Error(`a batch split over blocks ${heights.join(', ')}`);
    return txs.map((tx, index) => ({ hash: tx.hash ?? '', tx, height: heights[index] ?? -1n, index }));
  }
}

/** A call of the token's `fn`, with gas enough for any PhotonToken method. */
export function tokenCall(token: string, fn: string, args: unknown[]): TransactionLike {
  return { to: token, data: TOKEN_INTERFACE.encodeFunctionData(fn, args), gasLimit: 100_000n };
}

/** Puts the chain with `writer`, which keeps counting nonces for whatever a test sends afterwards. */
export async function putQueryChain(writer: ChainWriter): Promise<QueryChain> {
  const accounts = [1, 2, 3].map((i) => devWallet(i).address.toLowerCase()) as [string, string, string];
  const [a1, a2, a3] = accounts;

  // The EIP-1559 transfer tips all it can (its fee cap), so all three pay GAS_PRICE: the same priority, and
  // the block keeps them in the order sent (the devnet orders a block by priority, as Ethermint does).
  const [dynamic, legacy, accessList] = await writer.sendTogether([
    await writer.sign(1, {
      to: a2,
      value: parseEther('1.5'),
      gasLimit: 21_000n,
      maxPriorityFeePerGas: GAS_PRICE,
    }),
    await writer.sign(2, { type: 0, to: a3, value: 12_345n, gasLimit: 21_000n }),
    await writer.sign(3, {
      type: 1,
      to: a1,
      value: 1n,
      gasLimit: 30_000n,
      accessList: [{ address: a2, storageKeys: [`0x${'00'.repeat(31)}01`] }],
    }),
  ]);

  const factory = new ContractFactory(PHOTON_TOKEN_ARTIFACT.abi, PHOTON_TOKEN_ARTIFACT.bytecode);
  const { data } = await factory.getDeployTransaction('Photon Query Token', 'PQT', INITIAL_SUPPLY);
  const [deploy] = await writer.sendTogether([await writer.sign(1, { data, gasLimit: 2_000_000n })]);
  const token = getCreateAddress({ from: a1, nonce: 1 }).toLowerCase();

  const call = (fn: string, args: unknown[]): TransactionLike => tokenCall(token, fn, args);
  const tokenMoves = await writer.sendTogether([
    await writer.sign(1, call('transfer', [a2, TOKEN_AMOUNTS.toAccount2])),
    await writer.sign(1, call('transfer', [a3, TOKEN_AMOUNTS.toAccount3])),
    await writer.sign(3, call('approve', [a1, TOKEN_AMOUNTS.approved])),
    // More than account 2 will ever hold: included, reverted ("PhotonToken: insufficient balance").
    await writer.sign(2, call('transfer', [a3, INITIAL_SUPPLY])),
  ]);
  const [later] = await writer.sendTogether([
    await writer.sign(2, call('transfer', [a3, TOKEN_AMOUNTS.later])),
  ]);

  if (deploy === undefined || later === undefined) throw new Error('a batch came back empty');
  return {
    token,
    accounts,
    transfers: [at(dynamic), at(legacy), at(accessList)],
    deploy,
    tokenMoves: [at(tokenMoves[0]), at(tokenMoves[1]), at(tokenMoves[2]), at(tokenMoves[3])],
    later,
  };
}

function at(tx: SentTx | undefined): SentTx {
  if (tx === undefined) throw new Error('a batch came back short');
  return tx;
}

/** A PhotonToken deployed by dev account 4 (nonce 0) and a later block moving `toAccount5` of it to account 5. */
export interface TokenChain {
  readonly token: string;
  /** The block of the deploy (and of the `alongside` txs). */
  readonly deployHeight: bigint;
  /** The later block holding only the transfer to account 5. */
  readonly transferHeight: bigint;
}

/** Deploys PhotonToken from account 4 next to `alongside`, then transfers `toAccount5` tokens to account 5. */
export async function putTokenChain(
  writer: ChainWriter,
  opts: { name: string; symbol: string; toAccount5: bigint; alongside?: readonly TransactionLikeFor[] },
): Promise<TokenChain> {
  const factory = new ContractFactory(PHOTON_TOKEN_ARTIFACT.abi, PHOTON_TOKEN_ARTIFACT.bytecode);
  const { data } = await factory.getDeployTransaction(opts.name, opts.symbol, INITIAL_SUPPLY);
  const alongside = await Promise.all(
    (opts.alongside ?? []).map((entry) => writer.sign(entry.account, entry.tx)),
  );
  const [deploy] = await writer.sendTogether([
    await writer.sign(4, { data, gasLimit: 2_000_000n }),
    ...alongside,
  ]);
  const token = getCreateAddress({ from: devWallet(4).address, nonce: 0 }).toLowerCase();
  const accountFive = devWallet(5).address.toLowerCase();
  const [transfer] = await writer.sendTogether([
    await writer.sign(4, tokenCall(token, 'transfer', [accountFive, opts.toAccount5])),
  ]);
  if (deploy === undefined || transfer === undefined) throw new Error('a batch came back empty');
  return { token, deployHeight: deploy.height, transferHeight: transfer.height };
}

/** A tx to sign for dev account `account`. */
export interface TransactionLikeFor {
  readonly account: number;
  readonly tx: TransactionLike;
}
