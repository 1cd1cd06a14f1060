import { AuthInfo, TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import { Transaction, getBytes, hexlify, toBeArray } from 'ethers';
import { EthermintWireError } from '../errors';
import { AccessListTx, DynamicFeeTx, LegacyTx, MsgEthereumTx } from '../messages/evm-tx';
import { CRONOS_TESTNET_DYNAMIC_FEE_TX, fromBase64 } from '../testing/real-txs';
import { TEST_WALLET, UNSIGNED, signed } from '../testing/signed-txs';
import { unwrapEthereumTx } from './unwrap';
import { wrapEthereumTx } from './wrap';

function open(txBytes: Uint8Array) {
  const raw = TxRaw.decode(txBytes);
  const body = TxBody.decode(raw.bodyBytes);
  const authInfo = AuthInfo.decode(raw.authInfoBytes);
  const [message] = body.messages;
  if (message === undefined) throw new Error('no message');
  return { raw, body, authInfo, message, msg: MsgEthereumTx.decode(message.value) };
}

describe(wrapEthereumTx.name, () => {
  it('default', async () => {
    const { raw, tx } = await signed(UNSIGNED.legacy155);
    const {
      raw: cosmos,
      body,
      authInfo,
      message,
      msg,
    } = open(wrapEthereumTx(raw, { layout: 'maintained', denom: 'aphoton' }));

    expect(cosmos.signatures).toEqual([]);
    expect(body.messages).toHaveLength(1);
    expect(message.typeUrl).toBe('/ethermint.evm.v1.MsgEthereumTx');
    expect(body.extensionOptions).toEqual([
      { typeUrl: '/ethermint.evm.v1.ExtensionOptionsEthereumTx', value: new Uint8Array() },
    ]);
    expect(body.memo).toBe('');
    expect(authInfo.signerInfos).toEqual([]);
    expect(authInfo.fee?.gasLimit).toBe(21_000n);
    expect(authInfo.fee?.amount).toEqual([
      { denom: 'aphoton', amount: (5_000_000_000_000n * 21_000n).toString() },
    ]);

    expect(msg).toEqual(MsgEthereumTx.fromPartial({ from: getBytes(TEST_WALLET.address), raw }));
    expect(tx.from).toBe(TEST_WALLET.address);
  });

  it('behavior: the legacy layout stores the fields and signature as Ethermint did, with an empty from', async () => {
    const { raw, tx } = await signed(UNSIGNED.legacy155);
    const { msg } = open(wrapEthereumTx(raw, { layout: 'legacy', denom: 'aphoton' }));
    const sig = tx.signature;
    if (sig === null) throw new Error('unsigned');

    expect(msg.from).toEqual(new Uint8Array());
    expect(msg.raw).toEqual(new Uint8Array());
    expect(msg.deprecatedFrom).toBe('');
    expect(msg.size).toBe(0);
    expect(msg.deprecatedHash).toBe(tx.hash);
    expect(msg.data?.typeUrl).toBe('/ethermint.evm.v1.LegacyTx');
    expect(LegacyTx.decode(msg.data?.value ?? new Uint8Array())).toEqual({
      nonce: 7n,
      gasPrice: '5000000000000',
      gas: 21_000n,
      to: '0x904Bd5a5AAC0B9d88A0D47864724218986Ad4a3a',
      value: (10n ** 18n).toString(),
      data: new Uint8Array(),
      // EIP-155: v = chainId * 2 + 35 + parity, kept whole.
      v: toBeArray(9000n * 2n + 35n + BigInt(sig.yParity)),
      r: toBeArray(sig.r),
      s: toBeArray(sig.s),
    });
  });

  it('behavior: EIP-2930 and EIP-1559 payloads keep chain id, access list and y-parity', async () => {
    const accessList = await signed(UNSIGNED.accessList);
    const { msg: m1 } = open(wrapEthereumTx(accessList.raw, { layout: 'legacy', denom: 'aphoton' }));
    expect(m1.data?.typeUrl).toBe(AccessListTx.typeUrl);
    const payload1 = AccessListTx.decode(m1.data?.value ?? new Uint8Array());
    expect(payload1.chainId).toBe('9000');
    expect(payload1.gasPrice).toBe('7');
    expect(payload1.accesses).toEqual([
      {
        address: '0x904Bd5a5AAC0B9d88A0D47864724218986Ad4a3a',
        storageKeys: [`0x${'00'.repeat(31)}01`, `0x${'ab'.repeat(32)}`],
      },
      { address: '0x0000000000000000000000000000000000000001', storageKeys: [] },
    ]);
    expect(payload1.v).toEqual(toBeArray(accessList.tx.signature?.yParity ?? -1));

    const dynamic = await signed(UNSIGNED.dynamicFee);
    const { msg: m2 } = open(wrapEthereumTx(dynamic.raw, { layout: 'legacy', denom: 'aphoton' }));
    expect(m2.data?.typeUrl).toBe(DynamicFeeTx.typeUrl);
    const payload2 = DynamicFeeTx.decode(m2.data?.value ?? new Uint8Array());
    expect([payload2.gasTipCap, payload2.gasFeeCap, payload2.gas]).toEqual([
      '1000000000',
      '30000000000',
      90_000n,
    ]);
    expect(hexlify(payload2.data)).toBe('0x095ea7b3');
  });

  it('behavior: the fee is maxFeePerGas × gas for EIP-1559, and no coin at all when zero', async () => {
    const dynamic = await signed(UNSIGNED.dynamicFee);
    const { authInfo } = open(wrapEthereumTx(dynamic.raw, { layout: 'maintained', denom: 'aphoton' }));
    expect(authInfo.fee?.amount).toEqual([
      { denom: 'aphoton', amount: (30_000_000_000n * 90_000n).toString() },
    ]);

    const free = await signed(UNSIGNED.create);
    const { authInfo: freeAuth } = open(wrapEthereumTx(free.raw, { layout: 'maintained', denom: '' }));
    expect(freeAuth.fee?.amount).toEqual([]);
    expect(freeAuth.fee?.gasLimit).toBe(1_000_000n);
  });

  it('behavior: byte-identical to a tx Cronos testnet committed', () => {
    const fixture = CRONOS_TESTNET_DYNAMIC_FEE_TX;
    const [eth] = unwrapEthereumTx(fromBase64(fixture.base64));
    if (eth === undefined) throw new Error('no tx');
    expect(wrapEthereumTx(eth.signedRaw, { layout: 'legacy', denom: fixture.denom })).toEqual(
      fromBase64(fixture.base64),
    );
  });

  it('error: bytes that are not a signed Ethereum tx', async () => {
    expect(() => wrapEthereumTx(Uint8Array.from([1, 2, 3]), { layout: 'maintained', denom: 'a' })).toThrow(
      EthermintWireError,
    );
    const unsigned = getBytes(Transaction.from(UNSIGNED.legacy155).unsignedSerialized);
    expect(() => wrapEthereumTx(unsigned, { layout: 'legacy', denom: 'a' })).toThrow(/^invalid-ethereum-tx/);
    const { raw } = await signed(UNSIGNED.legacy155);
    const truncated = raw.slice(0, -1);
    expect(() => wrapEthereumTx(truncated, { layout: 'legacy', denom: 'a' })).toThrow(/^invalid-ethereum-tx/);
  });

  it('error: a fee with no denom', async () => {
    const { raw } = await signed(UNSIGNED.legacy155);
    expect(() => wrapEthereumTx(raw, { layout: 'maintained', denom: '' })).toThrow(/^invalid-argument/);
  });
});
