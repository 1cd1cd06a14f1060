import { TrustedProxies, clientAddressOf, normalizeAddress } from './client-address';

describe(clientAddressOf.name, () => {
  const proxies = new TrustedProxies(['10.0.0.1', '10.1.0.0/16', 'fd00::/8']);
  const none = new TrustedProxies([]);

  it('default: without trusted proxies the peer is the client, whatever X-Forwarded-For says', () => {
    expect(clientAddressOf('203.0.113.7', '198.51.100.1', none)).toBe('203.0.113.7');
    expect(clientAddressOf('203.0.113.7', undefined, proxies)).toBe('203.0.113.7');
  });

  it('behavior: an untrusted peer cannot speak for anyone else', () => {
    expect(clientAddressOf('203.0.113.7', '198.51.100.1', proxies)).toBe('203.0.113.7');
  });

  it('behavior: behind a trusted proxy the rightmost untrusted hop is the client; a forged left part is ignored', () => {
    expect(clientAddressOf('10.0.0.1', '198.51.100.1', proxies)).toBe('198.51.100.1');
    expect(clientAddressOf('10.0.0.1', '1.2.3.4, 198.51.100.1', proxies)).toBe('198.51.100.1');
    expect(clientAddressOf('10.0.0.1', '1.2.3.4, 198.51.100.1, 10.1.2.3', proxies)).toBe('198.51.100.1');
    // Several headers are one list, in order.
    expect(clientAddressOf('10.0.0.1', ['1.2.3.4, 198.51.100.1', '10.1.9.9'], proxies)).toBe('198.51.100.1');
  });

  it('behavior: a chain of nothing but trusted proxies names its leftmost one', () => {
    expect(clientAddressOf('10.0.0.1', '10.1.0.5, 10.1.0.6', proxies)).toBe('10.1.0.5');
    expect(clientAddressOf('10.0.0.1', '', proxies)).toBe('10.0.0.1');
  });

  it('behavior: IPv4-mapped peers and hops with ports are matched as plain addresses', () => {
    expect(clientAddressOf('::ffff:10.0.0.1', '198.51.100.1:5555', proxies)).toBe('198.51.100.1');
    expect(clientAddressOf('fd00::1', '[2001:DB8::1]:443', proxies)).toBe('2001:db8::1');
    expect(clientAddressOf('::ffff:203.0.113.7', undefined, proxies)).toBe('203.0.113.7');
  });

  it('error: a hop that is no address ends the walk at the last trusted hop', () => {
    expect(clientAddressOf('10.0.0.1', '198.51.100.1, unknown', proxies)).toBe('10.0.0.1');
    expect(clientAddressOf('10.0.0.1', 'nonsense, 10.1.0.5', proxies)).toBe('10.1.0.5');
    expect(clientAddressOf(undefined, '198.51.100.1', proxies)).toBe('unknown');
  });
});

describe(normalizeAddress.name, () => {
  it.each([
    ['10.0.0.1', '10.0.0.1'],
    [' 10.0.0.1:80 ', '10.0.0.1'],
    ['::FFFF:10.0.0.1', '10.0.0.1'],
    ['[::1]:8545', '::1'],
    ['::1', '::1'],
  ])('default: %s is %s', (raw, normalized) => expect(normalizeAddress(raw)).toBe(normalized));

  it.each(['', 'localhost', '10.0.0', '1.2.3.4.5', '_hidden'])('error: %j is no address', (raw) =>
    expect(normalizeAddress(raw)).toBeUndefined(),
  );
});
