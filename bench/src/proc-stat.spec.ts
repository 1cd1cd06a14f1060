// Unit tests for parsing /proc and the CPU-per-request arithmetic.
import {
  descendants,
  listeningInodes,
  microsPerRequest,
  parseStat,
  requestsPerCore,
  statCommand,
} from './proc-stat';

// A real /proc/<pid>/stat line (fields 14–17: utime 1500, stime 250, cutime 30, cstime 20; ppid 4242;
// starttime 5123).
const STAT =
  '4300 (node) S 4242 4300 4242 0 -1 4194560 81234 0 12 0 1500 250 30 20 20 0 11 0 5123 1183744000 61234 ' +
  '18446744073709551615 1 1 0 0 0 0 0 4224 134234626 0 0 0 17 1 0 0 0 0 0 0 0 0 0 0 0 0 0';

describe(parseStat.name, () => {
  it('default: utime+stime, cutime+cstime and the parent', () => {
    expect(parseStat(STAT)).toEqual({ self: 1750, reapedChildren: 50, ppid: 4242, startTime: 5123 });
  });

  it('behavior: a command holding spaces and parentheses does not shift the fields', () => {
    const odd = STAT.replace('(node)', '(a (b) c))');
    expect(parseStat(odd)).toEqual({ self: 1750, reapedChildren: 50, ppid: 4242, startTime: 5123 });
    expect(statCommand(odd)).toBe('a (b) c)');
    expect(statCommand(STAT)).toBe('node');
  });

  it('error: not a stat line', () => {
    expect(() => parseStat('garbage')).toThrow(/not a \/proc stat line/);
    expect(() => parseStat('1 (x) S')).toThrow(/field 4 is not a number/);
  });
});

describe(descendants.name, () => {
  it('default: children, then grandchildren, not the root nor strangers', () => {
    const parents = new Map([
      [10, 1],
      [11, 10],
      [12, 11],
      [13, 10],
      [20, 1],
    ]);
    expect(descendants(10, parents)).toEqual([11, 13, 12]);
    expect(descendants(12, parents)).toEqual([]);
  });
});

describe(listeningInodes.name, () => {
  // /proc/net/tcp: 4222 is 0x107E, 6379 is 0x18EB; state 0A is LISTEN, 01 ESTABLISHED.
  const TCP = [
    '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode',
    '   0: 0100007F:107E 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 31337 1 0 100 0 0 10 0',
    '   1: 0100007F:18EB 00000000:0000 0A 00000000:00000000 00:00000000 00000000   101        0 4444 1 0 100 0 0 10 0',
    '   2: 0100007F:107E 0100007F:9C40 01 00000000:00000000 00:00000000 00000000     0        0 5555 1 0 20 4 30 10 -1',
  ].join('\n');

  it('default: the listening socket of the port only', () => {
    expect(listeningInodes(TCP, 4222)).toEqual(['31337']);
    expect(listeningInodes(TCP, 6379)).toEqual(['4444']);
  });

  it('behavior: no listener on the port', () => {
    expect(listeningInodes(TCP, 8080)).toEqual([]);
    expect(listeningInodes('', 4222)).toEqual([]);
  });
});

describe(microsPerRequest.name, () => {
  it('default: ticks over the window → µs, divided by the requests completed', () => {
    // 150 ticks at 100 Hz = 1.5 s of CPU over 10,000 requests = 150 µs each.
    expect(microsPerRequest(150, 100, 10_000)).toBe(150);
    expect(microsPerRequest(0, 100, 10_000)).toBe(0);
    expect(microsPerRequest(3, 1000, 4)).toBe(750);
  });

  it('behavior: no request completed gives no figure', () => {
    expect(microsPerRequest(150, 100, 0)).toBeUndefined();
  });

  it('error: a clock of no ticks', () => {
    expect(() => microsPerRequest(1, 0, 1)).toThrow(RangeError);
  });
});

describe(requestsPerCore.name, () => {
  it('default: 1e6 ÷ µs per request', () => {
    expect(requestsPerCore(250)).toBe(4000);
    expect(requestsPerCore(0)).toBe(Infinity);
  });
});
