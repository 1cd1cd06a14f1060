import fc from 'fast-check';
import { emptyHash, innerHash, leafHash, merkleRoot, splitPoint } from './merkle';

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');
const text = (s: string): Uint8Array => new TextEncoder().encode(s);

describe(merkleRoot.name, () => {
  // Vectors of cometbft v0.38 crypto/merkle/tree_test.go (TestHashFromByteSlices).
  it.each([
    ['empty', [], 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['single', [[1, 2, 3]], '054edec1d0211f624fed0cbca9d4f9400b0e491c43742af2c5b0abebf0c990d8'],
    ['single blank', [[]], '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d'],
    [
      'two',
      [
        [1, 2, 3],
        [4, 5, 6],
      ],
      '82e6cfce00453804379b53962939eaa7906b39904be0813fcadd31b100773c4b',
    ],
    [
      'many',
      [
        [1, 2],
        [3, 4],
        [5, 6],
        [7, 8],
        [9, 10],
      ],
      'f326493eceab4f2d9ffbc78c59432a0a005d6ea98392045c74df5d14a113be18',
    ],
  ])('default: %s', (_name, items, root) => {
    expect(hex(merkleRoot(items.map((item) => Uint8Array.from(item))))).toBe(root);
  });

  // Vectors of cometbft v0.38 crypto/merkle/rfc6962_test.go (TestRFC6962Hasher, from Trillian).
  it('behavior: RFC 6962 leaf and node hashes', () => {
    expect(hex(emptyHash())).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(hex(leafHash(new Uint8Array()))).toBe(
      '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
    );
    expect(hex(leafHash(text('L123456')))).toBe(
      '395aa064aa4c29f7010acfe3f25db9485bbd4b91897b6ad7ad547639252b4d56',
    );
    expect(hex(innerHash(text('N123'), text('N456')))).toBe(
      'aa217fe888e47007fa15edab33c2b492a722cb106c64667fc2b044444de66bbb',
    );
  });

  it('behavior: splits at the largest power of two below n', () => {
    expect([2, 3, 4, 5, 8, 9, 100].map(splitPoint)).toEqual([1, 2, 2, 4, 4, 8, 64]);
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 8 }), { minLength: 2, maxLength: 40 }), (items) => {
        const k = splitPoint(items.length);
        expect(merkleRoot(items)).toEqual(
          innerHash(merkleRoot(items.slice(0, k)), merkleRoot(items.slice(k))),
        );
      }),
    );
  });

  it('error: a tree of fewer than two leaves has no split point', () => {
    expect(() => splitPoint(1)).toThrow(RangeError);
  });
});
