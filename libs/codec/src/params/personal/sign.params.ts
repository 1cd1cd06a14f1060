// Params of the personal_ signing methods, in geth's argument order.
import { CodecError, decodeData } from '../../primitives';
import { TRANSACTION_GO_TYPE, TransactionSendDto } from '../eth/objects/transaction.dto';
import { Param } from '../param-index';
import { IsAddress, IsData, IsDecodedBy, IsNested, IsString } from '../validators';

const SIGNATURE_BYTES = 65;

export function decodeSignature(input: unknown): Uint8Array {
  const signature = decodeData(input);
  if (signature.length !== SIGNATURE_BYTES) {
    throw new CodecError(`signature must be ${SIGNATURE_BYTES} bytes long`);
  }
  return signature;
}

/** personal_sign(data, address, passphrase?). */
export class PersonalSignParams {
  @Param(0) @IsData() data!: Uint8Array;
  @Param(1) @IsAddress() address!: string;
  @Param(2, { optional: true }) @IsString() passphrase?: string;
}

/** personal_ecRecover(data, signature): the signature as 65 bytes r || s || v. */
export class PersonalEcRecoverParams {
  @Param(0) @IsData() data!: Uint8Array;
  @Param(1) @IsDecodedBy('isSignature', (value) => decodeSignature(value)) signature!: Uint8Array;
}

/** personal_sendTransaction(transaction, passphrase). */
export class PersonalSendTransactionParams {
  @Param(0) @IsNested(() => TransactionSendDto, TRANSACTION_GO_TYPE) transaction!: TransactionSendDto;
  @Param(1) @IsString() passphrase!: string;
}
