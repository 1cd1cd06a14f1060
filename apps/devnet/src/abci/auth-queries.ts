// cosmos.auth.v1beta1.Query/Account (cosmos-sdk x/auth/keeper/grpc_query.go) on an Ethermint chain: the
// account comes back as an `ethermint.types.v1.EthAccount` Any, a BaseAccount plus the EVM code hash.
import { bech32Encode, EthAccount, QUERY_PATH } from '@photon/ethermint-wire';
import { QueryAccountRequest, QueryAccountResponse } from 'cosmjs-types/cosmos/auth/v1beta1/query';
import { accAddressFromBech32 } from './cosmos-address';
import { bech32Prefix, cosmosAccount, decodeRequest, type GrpcQueryHandler } from './query-context';
import { GrpcCode, statusError } from './query-errors';

const ACCOUNT_REQUEST = {
  name: 'QueryAccountRequest',
  fields: { 1: { goName: 'Address', wireType: 2 } },
} as const;

/** Account: a bech32 address only (the SDK's address codec reads no hex), NotFound for an unused one. */
const account: GrpcQueryHandler = async (ctx, data) => {
  const req = decodeRequest(data, ACCOUNT_REQUEST, QueryAccountRequest);
  if (req.address === '') throw statusError(GrpcCode.InvalidArgument, 'Address cannot be empty');
  const prefix = bech32Prefix(ctx);
  const bytes = accAddressFromBech32(req.address, prefix);
  // Only 20-byte addresses can hold an EVM account.
  const found =
    bytes.length === 20 ? await cosmosAccount(ctx, `0x${Buffer.from(bytes).toString('hex')}`) : undefined;
  if (found === undefined) throw statusError(GrpcCode.NotFound, `account ${req.address} not found`);
  const ethAccount = EthAccount.toAny({
    // No pubkey: Ethereum txs never set one (only a Cosmos-signed tx would).
    baseAccount: {
      address: bech32Encode(prefix, bytes),
      accountNumber: found.accountNumber,
      sequence: found.nonce,
    },
    codeHash: found.codeHash,
  });
  return QueryAccountResponse.encode({ account: ethAccount }).finish();
};

/** The auth routes, by abci_query path. */
export const authQueryRoutes: Readonly<Record<string, GrpcQueryHandler>> = {
  [QUERY_PATH.authAccount]: account,
};
