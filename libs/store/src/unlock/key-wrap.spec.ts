import { randomBytes } from 'node:crypto';
import { KeyUnwrapError, KeyWrapper, parseKek } from './key-wrap';

const SECRET = Uint8Array.from(randomBytes(32));
const ADDRESS = '0x52908400098527886e0f7030069857d2e4169ee7';

describe(KeyWrapper.name, () => {
  it('default: unwrap returns what wrap took, and the wrap holds no plaintext', () => {
    const wrapper = KeyWrapper.ephemeral();
    const wrapped = wrapper.wrap(SECRET, ADDRESS);
    expect(wrapper.unwrap(wrapped, ADDRESS)).toEqual(SECRET);
    expect(wrapped.includes(Buffer.from(SECRET))).toBe(false);
    expect(wrapped.length).toBe(12 + 16 + 32);
  });

  it('behavior: a fresh IV per wrap, so equal keys never look equal', () => {
    const wrapper = KeyWrapper.ephemeral();
    expect(wrapper.wrap(SECRET, ADDRESS).equals(wrapper.wrap(SECRET, ADDRESS))).toBe(false);
  });

  it('error: another KEK, another address or a flipped bit do not unwrap', () => {
    const wrapper = KeyWrapper.ephemeral();
    const wrapped = wrapper.wrap(SECRET, ADDRESS);
    expect(() => KeyWrapper.ephemeral().unwrap(wrapped, ADDRESS)).toThrow(KeyUnwrapError);
    expect(() => wrapper.unwrap(wrapped, ADDRESS.replace('7', '8'))).toThrow(KeyUnwrapError);
    const flipped = Buffer.from(wrapped);
    flipped[flipped.length - 1]! ^= 1;
    expect(() => wrapper.unwrap(flipped, ADDRESS)).toThrow(KeyUnwrapError);
    expect(() => wrapper.unwrap(new Uint8Array(5), ADDRESS)).toThrow(KeyUnwrapError);
  });

  it('error: a KEK is 32 bytes', () => {
    expect(() => new KeyWrapper(new Uint8Array(16))).toThrow('a key-encryption key is 32 bytes');
  });
});

describe(parseKek.name, () => {
  const kek = randomBytes(32);

  it('args: 32 raw bytes, or 64 hex digits with optional 0x and whitespace', () => {
    expect(parseKek(kek)).toEqual(Uint8Array.from(kek));
    expect(parseKek(Buffer.from(`${kek.toString('hex')}\n`))).toEqual(Uint8Array.from(kek));
    expect(parseKek(Buffer.from(`  0x${kek.toString('hex').toUpperCase()}`))).toEqual(Uint8Array.from(kek));
  });

  it('error: anything else, without quoting the content', () => {
    for (const content of [
      Buffer.alloc(31),
      Buffer.from('zz'.repeat(32)),
      Buffer.from(kek.toString('hex') + '00'),
    ]) {
      expect(() => parseKek(content)).toThrow('needs 32 random bytes, raw or as 64 hex digits');
    }
  });
});
