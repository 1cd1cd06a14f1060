import { fieldNumbers } from '../testing/wire-fields';
import { Params } from './evm-params';
import {
  EstimateGasResponse,
  EthCallRequest,
  QueryAccountRequest,
  QueryAccountResponse,
  QueryBalanceRequest,
  QueryBalanceResponse,
  QueryBaseFeeRequest,
  QueryBaseFeeResponse,
  QueryCodeRequest,
  QueryCodeResponse,
  QueryParamsRequest,
  QueryParamsResponse,
  QueryStorageRequest,
  QueryStorageResponse,
  QueryValidatorAccountRequest,
  QueryValidatorAccountResponse,
} from './evm-query';
import { type ProtoCodec } from '../proto-codec';

const address = '0x904bd5a5aac0b9d88a0d47864724218986ad4a3a';

// A codec, a message with every field set and its expected field numbers: the round trip proves the TS shape
// matches the declaration, the numbers pin the declaration to upstream.
interface Case {
  encode(): Uint8Array;
  decode(bytes: Uint8Array): unknown;
  message: unknown;
  numbers: number[];
}
const row = <T>(name: string, codec: ProtoCodec<T>, message: T, numbers: number[]): [string, Case] => [
  name,
  { encode: () => codec.encode(message), decode: (bytes) => codec.decode(bytes), message, numbers },
];

const cases: [string, Case][] = [
  row('QueryAccountRequest', QueryAccountRequest, { address }, [1]),
  row(
    'QueryAccountResponse',
    QueryAccountResponse,
    { balance: '1000000000000000000', codeHash: `0x${'c5'.repeat(32)}`, nonce: 9n },
    [1, 2, 3],
  ),
  row('QueryValidatorAccountRequest', QueryValidatorAccountRequest, { consAddress: 'ethmvalcons1xyz' }, [1]),
  row(
    'QueryValidatorAccountResponse',
    QueryValidatorAccountResponse,
    { accountAddress: 'ethm1xyz', sequence: 4n, accountNumber: 5n },
    [1, 2, 3],
  ),
  row('QueryBalanceRequest', QueryBalanceRequest, { address }, [1]),
  row('QueryBalanceResponse', QueryBalanceResponse, { balance: '42' }, [1]),
  row('QueryStorageRequest', QueryStorageRequest, { address, key: `0x${'00'.repeat(32)}` }, [1, 2]),
  row('QueryStorageResponse', QueryStorageResponse, { value: `0x${'01'.repeat(32)}` }, [1]),
  row('QueryCodeRequest', QueryCodeRequest, { address }, [1]),
  row('QueryCodeResponse', QueryCodeResponse, { code: Uint8Array.from([0x60, 0x80]) }, [1]),
  row('QueryParamsRequest', QueryParamsRequest, {}, []),
  row(
    'QueryParamsResponse',
    QueryParamsResponse,
    { params: Params.fromPartial({ evmDenom: 'aphoton' }) },
    [1],
  ),
  row(
    'EthCallRequest',
    EthCallRequest,
    {
      args: new TextEncoder().encode('{"to":"0x01"}'),
      gasCap: 25_000_000n,
      proposerAddress: Uint8Array.from(Array(20).fill(7)),
      chainId: 9000n,
      overrides: new TextEncoder().encode('{}'),
    },
    [1, 2, 3, 4, 5],
  ),
  row(
    'EstimateGasResponse',
    EstimateGasResponse,
    { gas: 21_000n, ret: Uint8Array.from([8, 195]), vmError: 'execution reverted' },
    [1, 2, 3],
  ),
  row('QueryBaseFeeRequest', QueryBaseFeeRequest, {}, []),
  row('QueryBaseFeeResponse', QueryBaseFeeResponse, { baseFee: '875000000' }, [1]),
];

describe('x/evm queries', () => {
  it.each(cases)('default: %s', (_name, { encode, decode, message, numbers }) => {
    const bytes = encode();
    expect(decode(bytes)).toEqual(message);
    expect(fieldNumbers(bytes)).toEqual(numbers);
  });

  it('behavior: type URLs name the x/evm package', () => {
    expect(QueryBalanceRequest.typeUrl).toBe('/ethermint.evm.v1.QueryBalanceRequest');
    expect(EthCallRequest.typeUrl).toBe('/ethermint.evm.v1.EthCallRequest');
  });

  it('behavior: an EthCallRequest of the older line (no overrides) decodes with empty overrides', () => {
    const older = EthCallRequest.encode(
      EthCallRequest.fromPartial({ args: Uint8Array.from([1]), chainId: 9000n }),
    );
    expect(EthCallRequest.decode(older).overrides).toEqual(new Uint8Array());
  });
});
