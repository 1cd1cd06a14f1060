// Signs a fully given transaction with its unlocked `from` account: eth_signTransaction for clients (after
// the exposure rule) and photon_signTransaction for the tier's own sends share it.
import { Inject, Injectable } from '@nestjs/common';
import type { TransactionSendDto } from '@photon/codec';
import { Unlocks } from '../accounts/unlocks.service';
import { KEYSTORE_OPTIONS, type KeystoreOptions } from '../keystore-options';
import {
  type SignTransactionResult,
  checkTxFee,
  prepareTransaction,
  signTransaction,
} from './transaction-signing';

// geth signs for args.from(), the zero address when absent: no keystore account.
const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

@Injectable()
export class UnlockedTransactionSigner {
  constructor(
    private readonly unlocks: Unlocks,
    @Inject(KEYSTORE_OPTIONS) private readonly options: KeystoreOptions,
  ) {}

  async sign(transaction: TransactionSendDto): Promise<SignTransactionResult> {
    const tx = prepareTransaction(transaction, this.options.chainId);
    checkTxFee(tx);
    const privateKey = await this.unlocks.unlockedKey(transaction.from ?? ZERO_ADDRESS);
    try {
      return signTransaction(tx, privateKey);
    } finally {
      privateKey.fill(0);
    }
  }
}
