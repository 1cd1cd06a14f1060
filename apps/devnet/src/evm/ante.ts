// CheckTx for Ethereum txs: Ethermint's ante handler checks in its order and with its texts
// (app/ante/handler_options.go newEthAnteHandler → fees.go, setup.go, sigverify.go, eth.go), plus the
// mempool's replacement rule where Ethermint would only say "invalid nonce".
import type { Common } from '@ethereumjs/common';
import { KECCAK256_NULL_S } from '@ethereumjs/util';
import { checkTxFailure, legacyDec, SdkErrors } from './abci-errors';
import { decodeEthTx, type DecodedEthTx, recoverSender } from './decode-tx';
import { type Mempool, type NewPendingTx, type PendingTx, replacementThreshold, txPriority } from './mempool';
import type { CheckTxFailure, Hex } from './types';

export interface AnteContext {
  common: Common;
  chainId: bigint;
  allowUnprotectedTxs: boolean;
  minGasPrice: bigint;
  /** The base fee the tx will meet: the next block's. */
  baseFee: bigint;
  blockGasLimit: bigint;
}

export interface SenderAccount {
  nonce: bigint;
  balance: bigint;
  codeHash: Hex;
}

/**
 * `admit`: CheckTx of a broadcast, the tx then waits in the mempool. `check`: CometBFT's `check_tx` RPC, which
 * calls the app directly (no mempool cache, nothing admitted), so only Ethermint's own checks answer.
 */
export type CheckTxMode = 'admit' | 'check';

export interface AnteOptions {
  mode: CheckTxMode;
  /** `MsgEthereumTx.from` when the wire carried one: it must match the signature. */
  from?: Hex | undefined;
}

export type AnteResult = { ok: true; pending: NewPendingTx; replaces?: PendingTx } | CheckTxFailure;

/** The price Ethermint charges (`GetEffectiveFee` / gas): min(tip + baseFee, feeCap) for EIP-1559, else gasPrice. */
export function effectiveGasPrice(
  tx: Pick<DecodedEthTx, 'type' | 'feeCap' | 'tipCap'>,
  baseFee: bigint,
): bigint {
  if (tx.type !== 2) return tx.feeCap;
  const price = tx.tipCap + baseFee;
  return price < tx.feeCap ? price : tx.feeCap;
}

/** CheckEthMinGasPrice (fees.go). */
function checkMinGasPrice(
  tx: Pick<DecodedEthTx, 'type' | 'feeCap' | 'tipCap' | 'gasLimit'>,
  minGasPrice: bigint,
  baseFee: bigint,
): CheckTxFailure | undefined {
  if (minGasPrice === 0n) return undefined;
  const fee = tx.gasLimit * effectiveGasPrice(tx, baseFee);
  const required = minGasPrice * tx.gasLimit;
  if (fee >= required) return undefined;
  return checkTxFailure(
    'below-min-gas-price',
    SdkErrors.insufficientFee,
    `provided fee < minimum global fee (${legacyDec(fee)} < ${legacyDec(required)}). Please increase the priority tip (for EIP-1559 txs) or the gas prices (for access list or legacy txs)`,
  );
}

/** VerifyEthAccount's balance check (eth.go, keeper.CheckSenderBalance). */
function checkFunds(available: bigint, cost: bigint): CheckTxFailure | undefined {
  if (available >= cost) return undefined;
  return checkTxFailure(
    'insufficient-funds',
    SdkErrors.insufficientFunds,
    'failed to check sender balance',
    `sender balance < tx cost (${available} < ${cost})`,
  );
}

/** CheckEthCanTransfer's London check (eth.go). */
function checkFeeCap(feeCap: bigint, baseFee: bigint): CheckTxFailure | undefined {
  if (feeCap >= baseFee) return undefined;
  return checkTxFailure(
    'fee-cap-below-base-fee',
    SdkErrors.insufficientFee,
    `max fee per gas less than block base fee (${feeCap} < ${baseFee})`,
  );
}

/** CheckAndSetEthSenderNonce (eth.go). */
function nonceFailure(got: bigint, expected: bigint, tooLow: boolean): CheckTxFailure {
  return checkTxFailure(
    tooLow ? 'nonce-too-low' : 'nonce-too-high',
    SdkErrors.invalidSequence,
    `invalid nonce; got ${got}, expected ${expected}`,
  );
}

/** ValidateEthBasic's replay protection and VerifyEthSig's chain id (setup.go, sigverify.go). */
function checkReplayProtection(tx: DecodedEthTx, ctx: AnteContext): CheckTxFailure | undefined {
  if (tx.chainId === null) {
    if (ctx.allowUnprotectedTxs) return undefined;
    return checkTxFailure(
      'unprotected',
      SdkErrors.notSupported,
      'rejected unprotected Ethereum transaction. Please EIP155 sign your transaction to protect it against replay-attacks',
    );
  }
  if (tx.chainId === ctx.chainId) return undefined;
  // go-ethereum's signers return ErrInvalidChainId when the tx's chain id is not theirs.
  return checkTxFailure(
    'wrong-chain-id',
    SdkErrors.invalidSigner,
    'signature verification failed',
    `invalid chain id for signer: have ${tx.chainId} want ${ctx.chainId}`,
  );
}

/**
 * Runs the checks on `raw` against the latest committed state and the mempool. The mempool is not
 * changed: on success an admitting caller adds `pending` (replacing `replaces`).
 */
export async function runAnte(
  raw: Uint8Array,
  ctx: AnteContext,
  mempool: Mempool,
  getAccount: (address: Hex) => Promise<SenderAccount>,
  options: AnteOptions,
): Promise<AnteResult> {
  const admit = options.mode === 'admit';
  const decoded = decodeEthTx(raw);
  if (!decoded.ok) return decoded;
  const tx = decoded.tx;
  // CometBFT answers a resubmission from its cache before the app sees it; check_tx has no cache.
  if (admit && mempool.has(tx.hash)) return checkTxFailure('already-known', SdkErrors.txInMempoolCache);

  const early = checkMinGasPrice(tx, ctx.minGasPrice, ctx.baseFee) ?? checkReplayProtection(tx, ctx);
  if (early !== undefined) return early;
  const recovered = recoverSender(tx, ctx.common, options.from);
  if (!recovered.ok) return recovered;
  const { sender } = recovered;

  // VerifyEthAccount (eth.go): EOA only, and the balance must cover gas × fee cap + value. Pending
  // txs of the same sender reserve their cost, as Ethermint's check state has already charged them.
  const account = await getAccount(sender);
  if (account.codeHash !== KECCAK256_NULL_S) {
    return checkTxFailure(
      'sender-not-eoa',
      SdkErrors.invalidType,
      `the sender is not EOA: address ${sender}, codeHash <${account.codeHash}>`,
    );
  }
  // Replacing a pending tx is the devnet mempool's rule (geth's), so only an admission may do it.
  const replaces = admit ? mempool.find(sender, tx.nonce) : undefined;
  const reserved = mempool
    .forSender(sender)
    .filter((pending) => pending !== replaces)
    .reduce((sum, pending) => sum + pending.cost, 0n);
  const available = account.balance > reserved ? account.balance - reserved : 0n;
  const cost = tx.gasLimit * tx.feeCap + tx.value;
  const funds = checkFunds(available, cost);
  if (funds !== undefined) return funds;

  const feeCap = checkFeeCap(tx.feeCap, ctx.baseFee);
  if (feeCap !== undefined) return feeCap;

  // CheckEthGasConsume → VerifyFee (eth.go, x/evm/keeper/utils.go).
  const intrinsicGas = recovered.tx.getIntrinsicGas();
  if (tx.gasLimit < intrinsicGas) {
    return checkTxFailure(
      'intrinsic-gas',
      SdkErrors.outOfGas,
      'failed to verify the fees',
      `gas limit too low: ${tx.gasLimit} (gas limit) < ${intrinsicGas} (intrinsic gas)`,
    );
  }
  if (tx.gasLimit > ctx.blockGasLimit) {
    return checkTxFailure(
      'exceeds-block-gas-limit',
      SdkErrors.outOfGas,
      `tx gas (${tx.gasLimit}) exceeds block gas limit (${ctx.blockGasLimit})`,
    );
  }

  // CheckAndSetEthSenderNonce (eth.go): the check state's nonce already counts pending txs, so Ethermint
  // takes only `pendingNonce`; a pending tx's nonce is let through only to be replaced.
  const pendingNonce = mempool.pendingNonce(sender, account.nonce);
  const lowest = admit ? account.nonce : pendingNonce;
  if (tx.nonce < lowest || tx.nonce > pendingNonce) {
    return nonceFailure(tx.nonce, pendingNonce, tx.nonce < lowest);
  }
  if (replaces !== undefined) {
    const threshold = replacementThreshold(replaces);
    if (tx.feeCap < threshold.feeCap || tx.tipCap < threshold.tipCap) {
      return checkTxFailure(
        'replacement-underpriced',
        SdkErrors.insufficientFee,
        `replacement transaction underpriced: fee cap ${tx.feeCap} and tip ${tx.tipCap}, need at least ${threshold.feeCap} and ${threshold.tipCap} (10 % above pending tx ${replaces.hash})`,
      );
    }
  } else if (admit && mempool.isFull()) {
    return checkTxFailure(
      'mempool-full',
      SdkErrors.mempoolIsFull,
      `mempool is full: number of txs ${mempool.size} (max: ${mempool.capacity})`,
    );
  }

  const pending: NewPendingTx = {
    hash: tx.hash,
    raw,
    tx: recovered.tx,
    type: tx.type,
    sender,
    nonce: tx.nonce,
    gasLimit: tx.gasLimit,
    feeCap: tx.feeCap,
    tipCap: tx.tipCap,
    value: tx.value,
    cost,
    priority: txPriority(effectiveGasPrice(tx, ctx.baseFee), ctx.baseFee),
  };
  return replaces === undefined ? { ok: true, pending } : { ok: true, pending, replaces };
}

/**
 * ReCheckTx's (and DeliverTx's ante) view of a pending tx against the state it would run on now:
 * the refusal log, or undefined when it may still run. `reserved` is what the sender's earlier
 * pending txs may spend.
 */
export function recheckPending(
  pending: PendingTx,
  account: SenderAccount,
  expectedNonce: bigint,
  reserved: bigint,
  baseFee: bigint,
  minGasPrice: bigint,
): string | undefined {
  const available = account.balance > reserved ? account.balance - reserved : 0n;
  const failure =
    checkMinGasPrice(pending, minGasPrice, baseFee) ??
    checkFunds(available, pending.cost) ??
    checkFeeCap(pending.feeCap, baseFee) ??
    (pending.nonce === expectedNonce
      ? undefined
      : nonceFailure(pending.nonce, expectedNonce, pending.nonce < expectedNonce));
  return failure?.log;
}
