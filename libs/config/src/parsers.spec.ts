// The value parsers the faucet added (and the hour unit of durations it needs for its 24h default).
import { parseAddress, parseDurationMs, parseHttpPath, parseWeiAmount } from './parsers';

describe(parseWeiAmount.name, () => {
  it('default: a bare number is wei; wei, gwei and ether scale, with decimals', () => {
    expect(parseWeiAmount('1000')).toBe(1000n);
    expect(parseWeiAmount('1ether')).toBe(10n ** 18n);
    expect(parseWeiAmount('0.5ether')).toBe(5n * 10n ** 17n);
    expect(parseWeiAmount('10gwei')).toBe(10n ** 10n);
    expect(parseWeiAmount('1.000000000000000001ether')).toBe(10n ** 18n + 1n);
    expect(parseWeiAmount('7wei')).toBe(7n);
  });

  it('error: zero, a fraction of a wei, other units and words', () => {
    expect(() => parseWeiAmount('0')).toThrow('is zero');
    expect(() => parseWeiAmount('0.1wei')).toThrow('fraction of a wei');
    expect(() => parseWeiAmount('1.0000000001gwei')).toThrow('fraction of a wei');
    for (const raw of ['1eth', 'ether', '-1', '1e18', '0x10', ''])
      expect(() => parseWeiAmount(raw)).toThrow('is not an amount');
  });
});

describe(parseDurationMs.name, () => {
  it('args: hours', () => {
    expect(parseDurationMs('24h')).toBe(86_400_000);
    expect(parseDurationMs('1.5h')).toBe(5_400_000);
    expect(parseDurationMs('2m')).toBe(120_000);
  });
});

describe(parseHttpPath.name, () => {
  it('default: a path of its own, a trailing slash dropped', () => {
    expect(parseHttpPath('/faucet')).toBe('/faucet');
    expect(parseHttpPath('/api/faucet/')).toBe('/api/faucet');
  });

  it('error: not a path, or one the gateway serves already', () => {
    for (const raw of ['faucet', '/fau cet', '//x', 'http://x/faucet'])
      expect(() => parseHttpPath(raw)).toThrow('is not a path');
    for (const raw of ['/', '/websocket', '/healthz', '/readyz/', '/metrics'])
      expect(() => parseHttpPath(raw)).toThrow('already serves');
  });
});

describe(parseAddress.name, () => {
  it('default: lowercased; error: anything but 0x and 40 hex digits', () => {
    expect(parseAddress('0x' + 'AB'.repeat(20))).toBe('0x' + 'ab'.repeat(20));
    expect(() => parseAddress('0x' + 'ab'.repeat(19))).toThrow('is not an address');
  });
});
