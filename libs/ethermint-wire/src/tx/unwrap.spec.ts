import { MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx';
import { AuthInfo, TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import { type Any } from 'cosmjs-types/google/protobuf/any';
import fc from 'fast-check';
import { Transaction, Wallet, getBytes, hexlify, keccak256 } from 'ethers';
import { EthermintWireError } from '../errors';
import { DynamicFeeTx, LegacyTx, MsgEthereumTx } from '../messages/evm-tx';
import { CRONOS_LEGACY_TX, CRONOS_TESTNET_DYNAMIC_FEE_TX, fromBase64 } from '../testing/real-txs';
import { TEST_WALLET, UNSIGNED, signed } from '../testing/signed-txs';
import { innerTxFromEthers } from './inner-tx';
import { type WireLayout } from './layout';
import { unwrapEthereumTx } from './unwrap';
import { wrapEthereumTx } from './wrap';

const LAYOUTS: WireLayout[] = ['maintained', 'legacy'];
const KINDS = Object.keys(UNSIGNED) as (keyof typeof UNSIGNED)[];

/** A Cosmos tx carrying `messages` as they are, for inputs wrapEthereumTx would never produce. */
function cosmosTx(messages: Any[]): Uint8Array {
  return TxRaw.encode(
    TxRaw.fromPartial({
      bodyBytes: TxBody.encode(TxBody.fromPartial({ messages })).finish(),
      authInfoBytes: AuthInfo.encode(AuthInfo.fromPartial({})).finish(),
    }),
  ).finish();
}

function expectWireError(run: () => unknown, reason: EthermintWireError['reason']): void {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(EthermintWireError);
    expect((err as EthermintWireError).reason).toBe(reason);
    return;
  }
  throw new Error(`expected an EthermintWireError(${reason})`);
}

describe(unwrapEthereumTx.name, () => {
  it('default', async () => {
    const { raw, tx } = await signed(UNSIGNED.dynamicFee);
    const [eth, ...rest] = unwrapEthereumTx(wrapEthereumTx(raw, { layout: 'maintained', denom: 'aphoton' }));
    expect(rest).toEqual([]);
    expect(eth).toMatchObject({
      signedRaw: raw,
      from: TEST_WALLET.address.toLowerCase(),
      hash: tx.hash,
      layout: 'maintained',
    });
    expect(eth?.tx.serialized).toBe(tx.serialized);
  });

  const matrix = LAYOUTS.flatMap((layout) => KINDS.map((kind) => [layout, kind] as const));
  it.each(matrix)(
    'behavior: %s layout round-trips %s with the ethers hash and sender',
    async (layout, kind) => {
      const { raw, tx } = await signed(UNSIGNED[kind]);
      const [eth, ...rest] = unwrapEthereumTx(wrapEthereumTx(raw, { layout, denom: 'aphoton' }));
      expect(rest).toEqual([]);
      expect(eth?.signedRaw).toEqual(raw);
      expect(eth?.hash).toBe(tx.hash);
      expect(eth?.hash).toBe(keccak256(raw));
      expect(eth?.from).toBe(TEST_WALLET.address.toLowerCase());
      expect(eth?.layout).toBe(layout);
      // The parsed transaction handed to readers is the one the bytes hold, in either layout.
      expect(eth?.tx.serialized).toBe(hexlify(raw));
      expect(eth?.tx.type).toBe(tx.type);
      expect(eth?.tx.hash).toBe(tx.hash);
      expect(eth?.tx.toJSON()).toEqual(Transaction.from(hexlify(raw)).toJSON());
    },
  );

  it('behavior: several MsgEthereumTx in one Cosmos tx, in order, layouts mixed', async () => {
    const a = await signed(UNSIGNED.legacy155);
    const b = await signed(UNSIGNED.accessList);
    const messageOf = (txBytes: Uint8Array): Any => {
      const [message] = TxBody.decode(TxRaw.decode(txBytes).bodyBytes).messages;
      if (message === undefined) throw new Error('no message');
      return message;
    };
    const both = cosmosTx([
      messageOf(wrapEthereumTx(a.raw, { layout: 'legacy', denom: 'x' })),
      messageOf(wrapEthereumTx(b.raw, { layout: 'maintained', denom: 'x' })),
    ]);
    expect(unwrapEthereumTx(both).map((eth) => [eth.hash, eth.layout])).toEqual([
      [a.tx.hash, 'legacy'],
      [b.tx.hash, 'maintained'],
    ]);
  });

  it('behavior: a Cronos mainnet LegacyTx of the v0.7 era (with `size`)', () => {
    const [eth, ...rest] = unwrapEthereumTx(fromBase64(CRONOS_LEGACY_TX.base64));
    expect(rest).toEqual([]);
    expect(eth?.from).toBe(CRONOS_LEGACY_TX.from);
    expect(eth?.hash).toBe(CRONOS_LEGACY_TX.hash);
    expect(eth?.layout).toBe('legacy');
    const parsed = Transaction.from(hexlify(eth?.signedRaw ?? new Uint8Array()));
    expect(parsed.chainId).toBe(25n);
    expect(eth?.tx.toJSON()).toEqual(parsed.toJSON());
  });

  it('behavior: a Cronos testnet DynamicFeeTx', () => {
    const fixture = CRONOS_TESTNET_DYNAMIC_FEE_TX;
    const [eth] = unwrapEthereumTx(fromBase64(fixture.base64));
    expect(eth?.from).toBe(fixture.from);
    expect(eth?.hash).toBe(fixture.hash);
    expect(eth && keccak256(eth.signedRaw)).toBe(fixture.hash);
  });

  it('behavior: verifySender false trusts a maintained `from` without recovering', async () => {
    const { raw } = await signed(UNSIGNED.legacy155);
    const other = Wallet.createRandom().address;
    const forged = cosmosTx([MsgEthereumTx.toAny(MsgEthereumTx.fromPartial({ from: getBytes(other), raw }))]);
    expect(unwrapEthereumTx(forged, { verifySender: false })[0]?.from).toBe(other.toLowerCase());
    expectWireError(() => unwrapEthereumTx(forged), 'sender-mismatch');
  });

  it('behavior: a maintained message without `from` recovers the sender', async () => {
    const { raw } = await signed(UNSIGNED.accessList);
    const txBytes = cosmosTx([MsgEthereumTx.toAny(MsgEthereumTx.fromPartial({ raw }))]);
    expect(unwrapEthereumTx(txBytes, { verifySender: false })[0]?.from).toBe(
      TEST_WALLET.address.toLowerCase(),
    );
  });

  it('error: Cosmos txs that carry no Ethereum tx', () => {
    const send = {
      typeUrl: '/cosmos.bank.v1beta1.MsgSend',
      value: MsgSend.encode(MsgSend.fromPartial({})).finish(),
    };
    expectWireError(() => unwrapEthereumTx(cosmosTx([send])), 'not-ethereum-tx');
    expectWireError(() => unwrapEthereumTx(cosmosTx([])), 'not-ethereum-tx');
    const eth = MsgEthereumTx.toAny(MsgEthereumTx.fromPartial({ raw: Uint8Array.from([1]) }));
    expectWireError(() => unwrapEthereumTx(cosmosTx([eth, send])), 'not-ethereum-tx');
  });

  it('error: bytes that are not a Cosmos tx', () => {
    expectWireError(() => unwrapEthereumTx(Uint8Array.from([0x0a, 0x05, 0x01])), 'malformed-protobuf');
    expectWireError(() => unwrapEthereumTx(Uint8Array.from([0xff, 0xff, 0xff])), 'malformed-protobuf');
  });

  it('error: broken MsgEthereumTx messages', async () => {
    const { raw, tx } = await signed(UNSIGNED.legacy155);
    const wrapped = (msg: Partial<MsgEthereumTx>) =>
      cosmosTx([MsgEthereumTx.toAny(MsgEthereumTx.fromPartial(msg))]);

    expectWireError(() => unwrapEthereumTx(wrapped({})), 'malformed-ethereum-msg');
    expectWireError(
      () => unwrapEthereumTx(wrapped({ raw, from: new Uint8Array(19) })),
      'malformed-ethereum-msg',
    );
    expectWireError(() => unwrapEthereumTx(wrapped({ raw: Uint8Array.from([0xc0]) })), 'invalid-ethereum-tx');
    const anyMsg = cosmosTx([{ typeUrl: MsgEthereumTx.typeUrl, value: Uint8Array.from([0x32, 0x09]) }]);
    expectWireError(() => unwrapEthereumTx(anyMsg), 'malformed-protobuf');

    const legacyData = innerTxFromEthers(tx);
    expectWireError(
      () => unwrapEthereumTx(wrapped({ data: legacyData, deprecatedHash: `0x${'00'.repeat(32)}` })),
      'hash-mismatch',
    );
    expect(
      unwrapEthereumTx(wrapped({ data: legacyData, deprecatedHash: tx.hash?.toUpperCase() }))[0]?.hash,
    ).toBe(tx.hash);
    expectWireError(
      () => unwrapEthereumTx(wrapped({ data: legacyData, deprecatedFrom: Wallet.createRandom().address })),
      'sender-mismatch',
    );
    expectWireError(
      () =>
        unwrapEthereumTx(wrapped({ data: { typeUrl: '/ethermint.evm.v1.BlobTx', value: new Uint8Array() } })),
      'unsupported-tx-type',
    );
  });

  it('error: older-layout payloads that do not make a signed transaction', () => {
    const payload = (fields: Partial<DynamicFeeTx>) =>
      cosmosTx([
        MsgEthereumTx.toAny(
          MsgEthereumTx.fromPartial({
            data: DynamicFeeTx.toAny(DynamicFeeTx.fromPartial({ chainId: '1', gas: 21_000n, ...fields })),
          }),
        ),
      ]);
    // No signature: r = s = 0.
    expectWireError(() => unwrapEthereumTx(payload({})), 'invalid-ethereum-tx');
    const sig = { r: new Uint8Array(32).fill(1), s: new Uint8Array(32).fill(1) };
    expectWireError(() => unwrapEthereumTx(payload({ ...sig, value: '-1' })), 'invalid-ethereum-tx');
    expectWireError(
      () => unwrapEthereumTx(payload({ ...sig, v: Uint8Array.from([2]) })),
      'invalid-ethereum-tx',
    );
    expectWireError(() => unwrapEthereumTx(payload({ ...sig, to: '0x1234' })), 'invalid-ethereum-tx');
    expectWireError(() => unwrapEthereumTx(payload({ ...sig, nonce: 2n ** 60n })), 'invalid-ethereum-tx');
    const legacy = cosmosTx([
      MsgEthereumTx.toAny(
        MsgEthereumTx.fromPartial({
          data: LegacyTx.toAny(LegacyTx.fromPartial({ ...sig, v: Uint8Array.from([30]) })),
        }),
      ),
    ]);
    expectWireError(() => unwrapEthereumTx(legacy), 'invalid-ethereum-tx');
  });

  it('behavior: arbitrary bytes never throw anything but EthermintWireError', async () => {
    const { raw } = await signed(UNSIGNED.dynamicFee);
    const valid = [
      wrapEthereumTx(raw, { layout: 'maintained', denom: 'aphoton' }),
      wrapEthereumTx(raw, { layout: 'legacy', denom: 'aphoton' }),
    ];
    const ethMessage = (value: Uint8Array): Any => ({ typeUrl: MsgEthereumTx.typeUrl, value });
    const inputs = fc.oneof(
      fc.uint8Array({ maxLength: 512 }),
      // Structurally a Cosmos tx with MsgEthereumTx messages of random content.
      fc
        .array(fc.uint8Array({ maxLength: 256 }), { maxLength: 3 })
        .map((values) => cosmosTx(values.map(ethMessage))),
      // Random raw bytes, or random older-layout payloads, inside a well-formed message.
      fc
        .uint8Array({ minLength: 1, maxLength: 256 })
        .map((bytes) => cosmosTx([MsgEthereumTx.toAny(MsgEthereumTx.fromPartial({ raw: bytes }))])),
      fc
        .tuple(
          fc.constantFrom(LegacyTx.typeUrl, '/ethermint.evm.v1.AccessListTx', DynamicFeeTx.typeUrl),
          fc.uint8Array({ maxLength: 256 }),
        )
        .map(([typeUrl, value]) =>
          cosmosTx([MsgEthereumTx.toAny(MsgEthereumTx.fromPartial({ data: { typeUrl, value } }))]),
        ),
      // Single-byte corruptions of valid txs.
      fc
        .tuple(fc.constantFrom(...valid), fc.nat(), fc.integer({ min: 1, max: 255 }))
        .map(([bytes, at, xor]) => {
          const copy = Uint8Array.from(bytes);
          const index = at % copy.length;
          copy[index] = (copy[index] ?? 0) ^ xor;
          return copy;
        }),
    );
    fc.assert(
      fc.property(inputs, (bytes) => {
        try {
          unwrapEthereumTx(bytes);
        } catch (err) {
          if (!(err instanceof EthermintWireError)) throw err;
        }
      }),
      { numRuns: 2000 },
    );
  });
});
