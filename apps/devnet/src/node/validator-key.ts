// The devnet's single validator: an ed25519 key that proposes every block and signs every commit.
import { type KeyObject, createPrivateKey, createPublicKey, randomBytes, sign } from 'node:crypto';
import { type CometValidator, validatorAddress } from '../comet';

/** PKCS#8 DER prefix of a raw 32-byte ed25519 seed. */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export class ValidatorKey {
  readonly validator: CometValidator;
  readonly address: Uint8Array;

  private constructor(private readonly privateKey: KeyObject) {
    const spki = createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
    this.validator = {
      pubKey: { type: 'ed25519', bytes: new Uint8Array(spki.subarray(spki.length - 32)) },
      votingPower: 10n,
    };
    this.address = validatorAddress(this.validator.pubKey);
  }

  static generate(): ValidatorKey {
    return ValidatorKey.fromSeed(new Uint8Array(randomBytes(32)));
  }

  /** From a 32-byte seed, so a devnet with a data directory keeps its validator across restarts. */
  static fromSeed(seed: Uint8Array): ValidatorKey {
    if (seed.length !== 32) throw new Error('an ed25519 seed has 32 bytes');
    const der = Buffer.concat([ED25519_PKCS8_PREFIX, seed]);
    return new ValidatorKey(createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }));
  }

  sign(message: Uint8Array): Uint8Array {
    return new Uint8Array(sign(null, message, this.privateKey));
  }
}
