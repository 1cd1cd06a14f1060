import fc from 'fast-check';
import { EthermintWireError } from './errors';
import { EthCallRequest, QueryAccountResponse } from './messages/evm-query';
import { MsgEthereumTx, MsgEthereumTxResponse } from './messages/evm-tx';
import { ChainConfig, Params } from './messages/evm-params';
import { protoCodec } from './proto-codec';

describe(protoCodec.name, () => {
  it('default', () => {
    const codec = protoCodec<{ balance: string; codeHash: string; nonce: bigint }>(
      'ethermint.evm.v1.QueryAccountResponse',
    );
    const message = { balance: '12', codeHash: '0xc5d2', nonce: 2n ** 64n - 1n };
    expect(codec.typeUrl).toBe('/ethermint.evm.v1.QueryAccountResponse');
    expect(codec.decode(codec.encode(message))).toEqual(message);
  });

  it('behavior: proto3 defaults are left out of the encoding, as Go does', () => {
    expect(QueryAccountResponse.encode({ balance: '', codeHash: '', nonce: 0n })).toEqual(new Uint8Array());
    expect(MsgEthereumTx.encode(MsgEthereumTx.fromPartial({}))).toEqual(new Uint8Array());
    // "0" is a set math.Int, which Go writes.
    expect(QueryAccountResponse.encode({ balance: '0', codeHash: '', nonce: 0n })).toEqual(
      Uint8Array.from([0x0a, 0x01, 0x30]),
    );
  });

  it('behavior: decoding empty bytes gives every field at its default', () => {
    expect(MsgEthereumTxResponse.decode(new Uint8Array())).toEqual({
      hash: '',
      logs: [],
      ret: new Uint8Array(),
      vmError: '',
      gasUsed: 0n,
      blockHash: new Uint8Array(),
    });
    expect(Params.decode(new Uint8Array()).chainConfig).toBeUndefined();
  });

  it('behavior: a set message field is written even when empty, as gogoproto does for non-nullable fields', () => {
    const config = ChainConfig.fromPartial({});
    const bytes = Params.encode(Params.fromPartial({ chainConfig: config }));
    expect(bytes).toEqual(Uint8Array.from([0x2a, 0x00]));
    expect(Params.decode(bytes).chainConfig).toEqual(config);
  });

  it('behavior: fromPartial and toAny', () => {
    const response = MsgEthereumTxResponse.fromPartial({ hash: '0xab', gasUsed: 21_000n });
    expect(response.logs).toEqual([]);
    expect(response.gasUsed).toBe(21_000n);
    const any = MsgEthereumTxResponse.toAny(response);
    expect(any.typeUrl).toBe('/ethermint.evm.v1.MsgEthereumTxResponse');
    expect(MsgEthereumTxResponse.decode(any.value)).toEqual(response);
  });

  it('behavior: signed 64-bit values keep their sign', () => {
    const request = EthCallRequest.fromPartial({ chainId: -(2n ** 63n), gasCap: 2n ** 64n - 1n });
    expect(EthCallRequest.decode(EthCallRequest.encode(request))).toEqual(request);
  });

  it('behavior: 64-bit values round-trip on both sides of the safe-integer bound, whichever way they are written', () => {
    const safe = BigInt(Number.MAX_SAFE_INTEGER);
    const edges = [0n, 1n, safe - 1n, safe, safe + 1n, 2n ** 63n - 1n];
    for (const value of [...edges, ...edges.map((edge) => -edge)]) {
      const request = EthCallRequest.fromPartial({ chainId: value, gasCap: value < 0n ? -value : value });
      expect(EthCallRequest.decode(EthCallRequest.encode(request))).toEqual(request);
    }
    fc.assert(
      fc.property(
        fc.bigInt(-(2n ** 63n), 2n ** 63n - 1n),
        fc.bigInt(0n, 2n ** 64n - 1n),
        (chainId, gasCap) => {
          const request = EthCallRequest.fromPartial({ chainId, gasCap });
          expect(EthCallRequest.decode(EthCallRequest.encode(request))).toEqual(request);
        },
      ),
    );
  });

  it('error: 64-bit values out of range', () => {
    expect(() => QueryAccountResponse.encode({ balance: '', codeHash: '', nonce: 2n ** 64n })).toThrow(
      EthermintWireError,
    );
    expect(() => QueryAccountResponse.encode({ balance: '', codeHash: '', nonce: -1n })).toThrow(
      'out of uint64 range',
    );
    expect(() => EthCallRequest.encode(EthCallRequest.fromPartial({ chainId: 2n ** 63n }))).toThrow(
      'out of int64 range',
    );
  });

  it('error: values of the wrong kind', () => {
    const bad = { balance: '', codeHash: '', nonce: 5 } as unknown as QueryAccountResponse;
    expect(() => QueryAccountResponse.encode(bad)).toThrow('expected a bigint');
    const badBytes = { ...MsgEthereumTx.fromPartial({}), raw: '0x01' } as unknown as MsgEthereumTx;
    expect(() => MsgEthereumTx.encode(badBytes)).toThrow('expected a Uint8Array');
  });

  it('error: bytes that are not the message', () => {
    const decode = () => MsgEthereumTx.decode(Uint8Array.from([0x0a, 0x05, 0x01]));
    expect(decode).toThrow(EthermintWireError);
    expect(decode).toThrow(/^malformed-protobuf: ethermint.evm.v1.MsgEthereumTx/);
  });
});
