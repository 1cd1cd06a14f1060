import { AnnouncedHead } from './announced-head';

describe(AnnouncedHead.name, () => {
  it('default: nothing announced is nothing trusted', () => {
    expect(new AnnouncedHead().trusted(0)).toBeUndefined();
  });

  it('behavior: a head is trusted for three of the chain’s block intervals once the pace is known', () => {
    const head = new AnnouncedHead();
    for (let height = 1n; height <= 5n; height++) head.announce(height, Number(height) * 2_000);
    expect(head.trusted(10_000 + 5_999)).toBe(5n);
    expect(head.trusted(10_000 + 6_000)).toBeUndefined();
  });

  it('behavior: a young chain’s head is trusted for one second; a paused one for at most ten', () => {
    const young = new AnnouncedHead();
    young.announce(1n, 0);
    young.announce(2n, 60_000);
    expect(young.trusted(60_999)).toBe(2n);
    expect(young.trusted(61_000)).toBeUndefined();
    const slow = new AnnouncedHead();
    for (let height = 1n; height <= 5n; height++) slow.announce(height, Number(height) * 60_000);
    expect(slow.trusted(300_000 + 9_999)).toBe(5n);
    expect(slow.trusted(300_000 + 10_000)).toBeUndefined();
  });

  it('behavior: an older or equal height changes nothing; a raised one moves the head, not the pace', () => {
    const head = new AnnouncedHead();
    expect(head.announce(10n, 0)).toBe(true);
    expect(head.announce(10n, 500)).toBe(false);
    expect(head.announce(9n, 500)).toBe(false);
    expect(head.trusted(999)).toBe(10n);
    expect(head.raise(12n, 900)).toBe(true);
    expect(head.raise(11n, 950)).toBe(false);
    expect(head.trusted(1_899)).toBe(12n);
    expect(head.trusted(1_900)).toBeUndefined();
  });

  it('behavior: seen() is the highest head and when it was learnt, trusted or not', () => {
    const head = new AnnouncedHead();
    expect(head.seen()).toBeUndefined();
    head.announce(5n, 1_000);
    head.raise(7n, 2_000);
    head.announce(6n, 3_000);
    expect(head.seen()).toEqual({ height: 7n, atMs: 2_000 });
    expect(head.trusted(60_000)).toBeUndefined();
    expect(head.seen()).toEqual({ height: 7n, atMs: 2_000 });
  });
});
