import { verify, createPublicKey } from 'node:crypto';
import { ValidatorKey } from './validator-key';

describe(ValidatorKey.name, () => {
  it('default: the RFC 8032 test 1 seed gives its public key, and signatures verify', () => {
    const key = ValidatorKey.fromSeed(
      new Uint8Array(Buffer.from('9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60', 'hex')),
    );
    expect(key.validator.pubKey.type).toBe('ed25519');
    expect(Buffer.from(key.validator.pubKey.bytes).toString('hex')).toBe(
      'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a',
    );
    // RFC 8032 test 1 signs the empty message.
    expect(Buffer.from(key.sign(new Uint8Array())).toString('hex')).toBe(
      'e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b',
    );
    expect(key.address).toHaveLength(20);
  });

  it('behavior: generated keys differ and sign verifiably', () => {
    const [a, b] = [ValidatorKey.generate(), ValidatorKey.generate()];
    expect(Buffer.from(a.address).equals(Buffer.from(b.address))).toBe(false);
    const message = new TextEncoder().encode('vote');
    const publicKey = createPublicKey({
      key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), a.validator.pubKey.bytes]),
      format: 'der',
      type: 'spki',
    });
    expect(verify(null, message, publicKey, a.sign(message))).toBe(true);
  });
});
