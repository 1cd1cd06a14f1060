// eth_resend (geth's TransactionAPI.Resend): find the caller's pending transaction with the given sender and
// nonce, and have the keystore sign it again with a new gas price and/or gas limit, replacing it in the pool
// (the engine's replacement rule: a price at least 10 % higher). geth matches the pending tx by the signing
// hash of the arguments after filling defaults, which defaults filled at another moment never reproduce;
// here the sender and nonce pick it, and any of `to`, `value` and `input` the caller gives must agree.
// Every field the caller leaves out comes from the pending tx, so only price and limit change.
import { Injectable } from '@nestjs/common';
import type { CallContext } from '@photon/bus';
import { InvalidInputError, TransactionSendDto } from '@photon/codec';
import { PendingPool } from '@photon/engine-client';
import type { EthTransactionRecord } from '@photon/types';
import { getBytes, hexlify } from 'ethers';
import { SendTransactionCommand } from '../send-transaction/send-transaction.command';
import { SendTransactionUseCase } from '../send-transaction/send-transaction.usecase';

export interface ResendRequest {
  readonly transaction: TransactionSendDto;
  /** Zero or absent: keep the pending tx's price. */
  readonly gasPrice?: bigint;
  /** Zero or absent: keep the pending tx's gas limit. */
  readonly gasLimit?: bigint;
}

@Injectable()
export class ResendUseCase {
  constructor(
    private readonly pool: PendingPool,
    private readonly send: SendTransactionUseCase,
  ) {}

  /** The hash of the replacement once the engine took it. */
  async execute(request: ResendRequest, caller: CallContext): Promise<string> {
    const args = request.transaction;
    if (args.nonce === undefined)
      throw new InvalidInputError('missing transaction nonce in transaction spec');
    if (args.from === undefined) throw new InvalidInputError('unknown account');
    const from = args.from.toLowerCase();
    const pending = (await this.pool.transactions()).find(
      (tx) => tx.from.toLowerCase() === from && tx.nonce === args.nonce && agrees(tx, args),
    );
    if (pending === undefined)
      throw new InvalidInputError(`transaction from ${from} with nonce ${args.nonce} not found`);
    const replacement = replace(pending, args, nonZero(request.gasPrice), nonZero(request.gasLimit));
    return this.send.execute(SendTransactionCommand.create(replacement, { kind: 'unlocked' }, caller));
  }
}

const nonZero = (value: bigint | undefined): bigint | undefined => (value === 0n ? undefined : value);

/** Fields the caller gave must be the pending tx's. */
function agrees(tx: EthTransactionRecord, args: TransactionSendDto): boolean {
  if (args.to !== undefined && args.to.toLowerCase() !== tx.to?.toLowerCase()) return false;
  if (args.value !== undefined && args.value !== tx.value) return false;
  return args.input === undefined || hexlify(args.input) === tx.input.toLowerCase();
}

function replace(
  tx: EthTransactionRecord,
  args: TransactionSendDto,
  gasPrice: bigint | undefined,
  gasLimit: bigint | undefined,
): TransactionSendDto {
  const dynamic = tx.type === 2 || args.maxFeePerGas !== undefined || args.maxPriorityFeePerGas !== undefined;
  if (dynamic && gasPrice !== undefined) {
    throw new InvalidInputError(
      'eth_resend re-prices legacy transactions only: replace an EIP-1559 transaction with eth_sendTransaction, ' +
        'the same nonce and maxFeePerGas and maxPriorityFeePerGas at least 10% higher',
    );
  }
  const fees = dynamic
    ? {
        maxFeePerGas: args.maxFeePerGas ?? tx.maxFeePerGas,
        maxPriorityFeePerGas: args.maxPriorityFeePerGas ?? tx.maxPriorityFeePerGas,
      }
    : { gasPrice: gasPrice ?? args.gasPrice ?? tx.gasPrice };
  const accessList = args.accessList ?? tx.accessList;
  return Object.assign(new TransactionSendDto(), {
    from: args.from,
    nonce: tx.nonce,
    ...(tx.to === null ? {} : { to: tx.to }),
    value: tx.value,
    input: getBytes(tx.input),
    gas: gasLimit ?? args.gas ?? tx.gas,
    ...fees,
    ...(tx.type === 0 || accessList === undefined
      ? {}
      : { accessList: accessList.map((entry) => ({ ...entry })) }),
    ...(tx.chainId === undefined ? {} : { chainId: tx.chainId }),
  });
}
