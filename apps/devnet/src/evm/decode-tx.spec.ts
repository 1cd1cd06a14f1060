import { decodeEthTx } from './decode-tx';
import { devWallet, GWEI, signTx } from './testing/sign';

describe(decodeEthTx.name, () => {
  const wallet = devWallet(0);

  it('default', async () => {
    const raw = await signTx(wallet, {
      type: 2,
      nonce: 7,
      to: wallet.address,
      value: 5n,
      maxFeePerGas: 3n * GWEI,
      maxPriorityFeePerGas: GWEI,
    });
    const decoded = decodeEthTx(raw);
    expect(decoded).toMatchObject({
      ok: true,
      tx: {
        type: 2,
        chainId: 9000n,
        nonce: 7n,
        gasLimit: 21000n,
        feeCap: 3n * GWEI,
        tipCap: GWEI,
        value: 5n,
        to: wallet.address.toLowerCase(),
      },
    });
  });

  it('behavior: legacy chain ids come from v, and 27/28 means unprotected', async () => {
    const protectedTx = decodeEthTx(
      await signTx(wallet, { type: 0, nonce: 0, gasPrice: GWEI, to: wallet.address }),
    );
    const unprotected = decodeEthTx(
      await signTx(wallet, { type: 0, chainId: 0, nonce: 0, gasPrice: GWEI, to: wallet.address }),
    );
    expect(protectedTx.ok && protectedTx.tx.chainId).toBe(9000n);
    expect(unprotected.ok && unprotected.tx.chainId).toBeNull();
  });

  it('behavior: a creation has no recipient', async () => {
    const decoded = decodeEthTx(
      await signTx(wallet, { type: 1, nonce: 0, gasPrice: GWEI, data: '0x00', gasLimit: 60_000n }),
    );
    expect(decoded.ok && decoded.tx.to).toBeNull();
  });

  it('error: trailing bytes and non-canonical integers', async () => {
    const raw = await signTx(wallet, { type: 0, nonce: 0, gasPrice: GWEI, to: wallet.address });
    expect(decodeEthTx(Uint8Array.from([...raw, 0]))).toMatchObject({
      ok: false,
      reason: 'malformed',
      code: 2,
    });
    // [nonce=0x00 (non-canonical), …]: a list of nine short strings.
    const nonCanonical = Uint8Array.from([0xc9, 0x00, 0x80, 0x80, 0x80, 0x80, 0x80, 0x1b, 0x80, 0x80]);
    expect(decodeEthTx(nonCanonical)).toMatchObject({ ok: false, reason: 'malformed' });
  });
});
