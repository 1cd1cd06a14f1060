// Params of the methods that sign or submit transactions and messages.
import { Param } from '../param-index';
import { IsAddress, IsData, IsHexOrDecimal64, IsNested, IsQuantity } from '../validators';
import { TRANSACTION_GO_TYPE, TransactionSendDto } from './objects/transaction.dto';

/** eth_sendRawTransaction(signedTransaction). */
export class EthSendRawTransactionParams {
  @Param(0) @IsData() transaction!: Uint8Array;
}

/**
 * eth_sendRawTransactionSync(signedTransaction, timeout?) (EIP-7966): the wait in milliseconds, a QUANTITY
 * as the EIP says or a JSON number as its examples and geth take it.
 */
export class EthSendRawTransactionSyncParams {
  @Param(0) @IsData() transaction!: Uint8Array;
  @Param(1, { optional: true }) @IsHexOrDecimal64() timeout?: bigint;
}

/** eth_sendTransaction(transaction). */
export class EthSendTransactionParams {
  @Param(0) @IsNested(() => TransactionSendDto, TRANSACTION_GO_TYPE) transaction!: TransactionSendDto;
}

/** eth_resend(transaction, gasPrice?, gasLimit?): geth's re-pricing of a pending keystore transaction. */
export class EthResendParams {
  @Param(0) @IsNested(() => TransactionSendDto, TRANSACTION_GO_TYPE) transaction!: TransactionSendDto;
  @Param(1, { optional: true }) @IsQuantity({ bits: 256 }) gasPrice?: bigint;
  @Param(2, { optional: true }) @IsQuantity() gasLimit?: bigint;
}

/** eth_signTransaction(transaction). */
export class EthSignTransactionParams {
  @Param(0) @IsNested(() => TransactionSendDto, TRANSACTION_GO_TYPE) transaction!: TransactionSendDto;
}

/** eth_fillTransaction(transaction). */
export class EthFillTransactionParams {
  @Param(0) @IsNested(() => TransactionSendDto, TRANSACTION_GO_TYPE) transaction!: TransactionSendDto;
}

/** eth_sign(address, message). */
export class EthSignParams {
  @Param(0) @IsAddress() address!: string;
  @Param(1) @IsData() message!: Uint8Array;
}
