import { CRONOS_TESTNET_DYNAMIC_FEE_TX, fromBase64 } from '../testing/real-txs';
import { cometTxHash } from './comet-hash';

describe(cometTxHash.name, () => {
  it('default', () => {
    const fixture = CRONOS_TESTNET_DYNAMIC_FEE_TX;
    expect(cometTxHash(fromBase64(fixture.base64))).toBe(fixture.cometHash);
  });

  it('behavior: uppercase hex without 0x, even for no bytes', () => {
    expect(cometTxHash(new Uint8Array())).toBe(
      'E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855',
    );
  });
});
