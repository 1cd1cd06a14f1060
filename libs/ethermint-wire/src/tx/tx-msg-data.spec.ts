import { MsgData, TxMsgData } from 'cosmjs-types/cosmos/base/abci/v1beta1/abci';
import { EthermintWireError } from '../errors';
import { MsgEthereumTxResponse } from '../messages/evm-tx';
import { CRONOS_TESTNET_DYNAMIC_FEE_TX, fromBase64 } from '../testing/real-txs';
import { decodeTxMsgData, encodeTxMsgData } from './tx-msg-data';

const response = MsgEthereumTxResponse.fromPartial({
  hash: `0x${'aa'.repeat(32)}`,
  ret: Uint8Array.from([1]),
  gasUsed: 21_000n,
  logs: [
    {
      address: '0x904Bd5a5AAC0B9d88A0D47864724218986Ad4a3a',
      topics: [`0x${'8c'.repeat(32)}`],
      data: Uint8Array.from([2]),
      blockNumber: 5n,
      txHash: `0x${'aa'.repeat(32)}`,
      txIndex: 0n,
      blockHash: `0x${'bb'.repeat(32)}`,
      index: 0n,
      removed: false,
    },
  ],
});

describe(encodeTxMsgData.name, () => {
  it('default', () => {
    const data = TxMsgData.decode(encodeTxMsgData([response]));
    expect(data.data).toEqual([]);
    expect(data.msgResponses.map((any) => any.typeUrl)).toEqual(['/ethermint.evm.v1.MsgEthereumTxResponse']);
    expect(decodeTxMsgData(encodeTxMsgData([response, response]))).toEqual([response, response]);
  });
});

describe(decodeTxMsgData.name, () => {
  it('default', () => {
    const fixture = CRONOS_TESTNET_DYNAMIC_FEE_TX;
    const bytes = fromBase64(fixture.resultDataBase64);
    const [first, ...rest] = decodeTxMsgData(bytes);
    expect(rest).toEqual([]);
    expect(first?.hash).toBe(fixture.hash);
    expect(first?.gasUsed).toBe(fixture.gasUsed);
    expect(first?.vmError).toBe('');
    expect(first?.logs.map((log) => [log.address, log.blockNumber, log.txHash])).toEqual([
      ['0x904Bd5a5AAC0B9d88A0D47864724218986Ad4a3a', 5_168_311n, fixture.hash],
    ]);
    // What Cronos wrote is what this library writes.
    expect(encodeTxMsgData(first ? [first] : [])).toEqual(bytes);
  });

  it('behavior: the SDK < 0.46 form (MsgData list), by type URL or by Msg.Type()', () => {
    const older = (msgType: string) =>
      TxMsgData.encode(
        TxMsgData.fromPartial({
          data: [MsgData.fromPartial({ msgType, data: MsgEthereumTxResponse.encode(response) })],
        }),
      ).finish();
    expect(decodeTxMsgData(older('/ethermint.evm.v1.MsgEthereumTx'))).toEqual([response]);
    expect(decodeTxMsgData(older('ethereum_tx'))).toEqual([response]);
    expect(decodeTxMsgData(older('/cosmos.bank.v1beta1.MsgSend'))).toEqual([]);
  });

  it('behavior: responses of other messages are skipped; empty data is no responses', () => {
    const mixed = TxMsgData.encode(
      TxMsgData.fromPartial({
        msgResponses: [
          { typeUrl: '/cosmos.bank.v1beta1.MsgSendResponse', value: new Uint8Array() },
          MsgEthereumTxResponse.toAny(response),
        ],
      }),
    ).finish();
    expect(decodeTxMsgData(mixed)).toEqual([response]);
    expect(decodeTxMsgData(new Uint8Array())).toEqual([]);
  });

  it('error: bytes that are not TxMsgData', () => {
    expect(() => decodeTxMsgData(Uint8Array.from([0x12, 0x05, 0x01]))).toThrow(EthermintWireError);
    const badResponse = TxMsgData.encode(
      TxMsgData.fromPartial({
        msgResponses: [{ typeUrl: MsgEthereumTxResponse.typeUrl, value: Uint8Array.from([0x0a, 0x09]) }],
      }),
    ).finish();
    expect(() => decodeTxMsgData(badResponse)).toThrow(/^malformed-protobuf/);
  });
});
