import { decodeParams } from '../decode-params';
import { PersonalImportRawKeyParams, PersonalUnlockAccountParams } from './account.params';
import { PersonalEcRecoverParams, PersonalSendTransactionParams, PersonalSignParams } from './sign.params';
import { messageOf } from '../../testing/thrown-message';

const A = '0x52908400098527886e0f7030069857d2e4169ee7';
const KEY = '4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318';

describe(PersonalUnlockAccountParams.name, () => {
  it('default', () => {
    expect(decodeParams(PersonalUnlockAccountParams, [A, 'pw', 300])).toEqual({
      address: A,
      passphrase: 'pw',
      duration: 300n,
    });
    expect(decodeParams(PersonalUnlockAccountParams, [A])).toMatchObject({
      passphrase: undefined,
      duration: undefined,
    });
  });

  it.each([
    [[A, 'pw', '0x12c'], 'invalid argument 2: json: cannot unmarshal string into Go value of type uint64'],
    [[A, 'pw', -1], 'invalid argument 2: json: cannot unmarshal number -1 into Go value of type uint64'],
    [[A, 7], 'invalid argument 1: json: cannot unmarshal number into Go value of type string'],
  ])('error: %j', (params, message) => {
    expect(messageOf(() => decodeParams(PersonalUnlockAccountParams, params))).toBe(message);
  });
});

describe(PersonalImportRawKeyParams.name, () => {
  it('default', () => {
    const params = decodeParams(PersonalImportRawKeyParams, [KEY, 'pw']);
    expect(Buffer.from(params.privateKey).toString('hex')).toBe(KEY);
    expect(params.passphrase).toBe('pw');
  });

  it.each([
    [[`0x${KEY}`, 'pw'], 'invalid argument 0: invalid hex character in private key'],
    [[KEY.slice(1), 'pw'], 'invalid argument 0: invalid hex data for private key'],
    [[KEY.slice(2), 'pw'], 'invalid argument 0: invalid length, need 256 bits'],
    [['0'.repeat(64), 'pw'], 'invalid argument 0: invalid private key, zero or negative'],
    [['f'.repeat(64), 'pw'], 'invalid argument 0: invalid private key, >=N'],
    [[KEY], 'missing value for required argument 1'],
  ])('error: %j', (params, message) => {
    expect(messageOf(() => decodeParams(PersonalImportRawKeyParams, params))).toBe(message);
  });

  it('error: a passphrase in the key position is not echoed, not even one character', () => {
    for (const secret of ['Lorem-ipsum-passphrase', `${KEY.slice(0, 63)}Z`, 'é', 'q'.repeat(64)]) {
      const message = messageOf(() => decodeParams(PersonalImportRawKeyParams, [secret, 'pw']));
      expect(message).toBe('invalid argument 0: invalid hex character in private key');
    }
  });
});

describe(PersonalSignParams.name, () => {
  it('default', () => {
    expect(decodeParams(PersonalSignParams, ['0xdead', A])).toEqual({
      data: Uint8Array.from([0xde, 0xad]),
      address: A,
      passphrase: undefined,
    });
  });
});

describe(PersonalEcRecoverParams.name, () => {
  it('error: signature length', () => {
    expect(messageOf(() => decodeParams(PersonalEcRecoverParams, ['0xdead', `0x${'00'.repeat(64)}`]))).toBe(
      'invalid argument 1: signature must be 65 bytes long',
    );
  });
});

describe(PersonalSendTransactionParams.name, () => {
  it('default', () => {
    expect(
      decodeParams(PersonalSendTransactionParams, [{ from: A, gasLimit: '0x1' }, 'pw']).transaction.gas,
    ).toBe(1n);
  });

  it('error: passphrase required', () => {
    expect(messageOf(() => decodeParams(PersonalSendTransactionParams, [{ from: A }]))).toBe(
      'missing value for required argument 1',
    );
  });
});
