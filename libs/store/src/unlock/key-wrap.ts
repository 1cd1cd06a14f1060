// Wraps unlocked private keys with the tier's key-encryption key (AES-256-GCM, a fresh random IV
// each time), so a session store never holds a key in plaintext. The address is bound in as
// associated data: a session copied under another address fails to unwrap instead of signing.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const KEK_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class KeyWrapper {
  private readonly kek: Buffer;

  /** `kek` must be 32 bytes; it is copied, so the caller may zero its own buffer. */
  constructor(kek: Uint8Array) {
    if (kek.length !== KEK_BYTES) throw new Error(`a key-encryption key is ${KEK_BYTES} bytes`);
    this.kek = Buffer.from(kek);
  }

  /** A random KEK that lives only in this process: `photon start` without --keystore-kek-file. */
  static ephemeral(): KeyWrapper {
    return new KeyWrapper(randomBytes(KEK_BYTES));
  }

  /** iv || tag || ciphertext of `secret`, bound to `context`. */
  wrap(secret: Uint8Array, context: string): Buffer {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.kek, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(secret), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]);
  }

  /** The secret of a wrap made with the same KEK and context; throws when either differs. */
  unwrap(wrapped: Uint8Array, context: string): Uint8Array {
    if (wrapped.length < IV_BYTES + TAG_BYTES) throw new KeyUnwrapError();
    const bytes = Buffer.from(wrapped);
    const decipher = createDecipheriv('aes-256-gcm', this.kek, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    try {
      return Uint8Array.from(
        Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]),
      );
    } catch {
      throw new KeyUnwrapError();
    }
  }
}

/** A session that this KEK cannot open: replicas configured with different KEKs, or tampering. */
export class KeyUnwrapError extends Error {
  constructor() {
    super('an unlock session failed to unwrap: do all keystore replicas share one --keystore-kek-file?');
    this.name = 'KeyUnwrapError';
  }
}

/**
 * The KEK from the bytes of a KEK file: exactly 32 raw bytes, or 64 hex digits (0x optional,
 * surrounding whitespace ignored). The error never quotes the content.
 */
export function parseKek(content: Uint8Array): Uint8Array {
  if (content.length === KEK_BYTES) return Uint8Array.from(content);
  const text = Buffer.from(content).toString('latin1').trim().replace(/^0x/i, '');
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Uint8Array.from(Buffer.from(text, 'hex'));
  throw new Error(`needs ${KEK_BYTES} random bytes, raw or as ${KEK_BYTES * 2} hex digits`);
}
