// ethermint.types.v1.EthAccount: the account type cosmos.auth.v1beta1.Query/Account returns (as Any) on an
// Ethermint chain. Its embedded BaseAccount is decoded by cosmjs-types, the one source of Cosmos messages.
import { BaseAccount } from 'cosmjs-types/cosmos/auth/v1beta1/auth';
import { protoCodec, type ProtoCodec } from '../proto-codec';
import { wireGuard } from '../errors';

export interface EthAccount {
  baseAccount?: BaseAccount;
  /** 0x hex. */
  codeHash: string;
}

interface EthAccountWire {
  baseAccount: Uint8Array;
  codeHash: string;
}

const wire = protoCodec<EthAccountWire>('ethermint.types.v1.EthAccount');

const encode = (account: EthAccount): Uint8Array =>
  wire.encode({
    baseAccount: account.baseAccount ? BaseAccount.encode(account.baseAccount).finish() : new Uint8Array(),
    codeHash: account.codeHash,
  });

const decode = (bytes: Uint8Array): EthAccount => {
  const { baseAccount, codeHash } = wire.decode(bytes);
  if (baseAccount.length === 0) return { codeHash };
  return {
    baseAccount: wireGuard('malformed-protobuf', 'cosmos.auth.v1beta1.BaseAccount', () =>
      BaseAccount.decode(baseAccount),
    ),
    codeHash,
  };
};

export const EthAccount: ProtoCodec<EthAccount> = {
  typeUrl: wire.typeUrl,
  encode,
  decode,
  fromPartial: (partial) => ({ codeHash: '', ...partial }),
  toAny: (account) => ({ typeUrl: wire.typeUrl, value: encode(account) }),
};
