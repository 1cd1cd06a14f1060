import { ADDRESS_TEXT_BYTES, LimitExceededError, TOPIC_TEXT_BYTES } from '@photon/codec';
import { CriteriaBook } from './criteria-book';

const address = (i: number) => `0x${i.toString(16).padStart(40, '0')}`;
const topic = (i: number) => `0x${i.toString(16).padStart(64, '0')}`;
const BIG = {
  address: Array.from({ length: 10 }, (_, i) => address(i)),
  topics: [[topic(1), topic(2)], null],
};
const BIG_BYTES = 10 * ADDRESS_TEXT_BYTES + 2 * TOPIC_TEXT_BYTES;

describe(CriteriaBook.name, () => {
  it('default: criteria compile to sets that match as the lists did', () => {
    const book = new CriteriaBook({ perConnection: 10_000, perAddress: 10_000 });
    const hold = book.acquire(BIG, 0, '10.0.0.1');
    expect(hold.bytes).toBe(BIG_BYTES);
    expect(hold.criteria.addresses?.has(address(3))).toBe(true);
    expect(hold.criteria.topics?.[0]?.has(topic(2))).toBe(true);
    expect(hold.criteria.topics?.[1]).toBeNull();
  });

  it('behavior: identical criteria, in any order, are held once until the last hold is released', () => {
    const book = new CriteriaBook({ perConnection: 10_000, perAddress: 10_000 });
    const first = book.acquire(BIG, 0, 'a');
    const reordered = { address: [...BIG.address].reverse(), topics: [[topic(2), topic(1)], null] };
    const second = book.acquire(reordered, 0, 'b');
    expect(second.criteria).toBe(first.criteria);
    expect(book.stats().distinct).toBe(1);
    book.acquire({ address: [address(1)] }, 0, 'a');
    expect(book.stats().distinct).toBe(2);
    book.release(first);
    expect(book.stats().distinct).toBe(2);
    book.release(second);
    expect(book.stats().distinct).toBe(1);
  });

  it('error: past the connection bound, naming its flag; nothing is held', () => {
    const book = new CriteriaBook({ perConnection: BIG_BYTES, perAddress: 10 * BIG_BYTES });
    expect(() => book.acquire(BIG, 1, 'a')).toThrow(
      new LimitExceededError(
        `logs subscription criteria past ${BIG_BYTES} bytes on this connection (--ws-criteria-bytes-per-connection)`,
      ),
    );
    expect(book.stats('a')).toEqual({ distinct: 0, addressBytes: 0 });
  });

  it('error: past the address bound over all its connections; a release makes room again', () => {
    const book = new CriteriaBook({ perConnection: 10 * BIG_BYTES, perAddress: 2 * BIG_BYTES });
    const one = book.acquire(BIG, 0, 'a');
    book.acquire(BIG, 0, 'a');
    expect(() => book.acquire(BIG, 0, 'a')).toThrow(/--ws-criteria-bytes-per-ip/);
    // Another address has its own share.
    expect(book.acquire(BIG, 0, 'b').bytes).toBe(BIG_BYTES);
    book.release(one);
    expect(book.stats('a').addressBytes).toBe(BIG_BYTES);
    expect(book.acquire(BIG, 0, 'a').bytes).toBe(BIG_BYTES);
  });
});
