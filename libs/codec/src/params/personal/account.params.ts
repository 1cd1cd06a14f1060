// Params of the personal_ account methods, in geth's argument order.
import { Param } from '../param-index';
import { IsAddress, IsDecodedBy, IsString, IsUint64Number } from '../validators';
import { decodeRawPrivateKey } from './raw-private-key';

/** personal_newAccount(passphrase). */
export class PersonalNewAccountParams {
  @Param(0) @IsString() passphrase!: string;
}

/** personal_unlockAccount(address, passphrase?, duration?): duration in seconds as a JSON number; 0 = until the tier stops. */
export class PersonalUnlockAccountParams {
  @Param(0) @IsAddress() address!: string;
  @Param(1, { optional: true }) @IsString() passphrase?: string;
  @Param(2, { optional: true }) @IsUint64Number() duration?: bigint;
}

/** personal_lockAccount(address). */
export class PersonalLockAccountParams {
  @Param(0) @IsAddress() address!: string;
}

/** personal_importRawKey(privateKey, passphrase): the key as 64 hex digits without 0x. */
export class PersonalImportRawKeyParams {
  @Param(0) @IsDecodedBy('isRawPrivateKey', (value) => decodeRawPrivateKey(value)) privateKey!: Uint8Array;
  @Param(1) @IsString() passphrase!: string;
}
