// The listeners' allow-lists as geth has them: --ws-origins and --http-vhosts.
import { HostPolicy } from './host-policy';
import { OriginPolicy } from './origin-policy';

describe(OriginPolicy.name, () => {
  it('default: no Origin (not a browser) and this machine under any port pass; other sites do not', () => {
    const policy = new OriginPolicy([], 'devbox');
    expect(policy.allows(undefined)).toBe(true);
    for (const origin of [
      'http://localhost',
      'http://localhost:3000',
      'http://127.0.0.1:8080',
      'http://DEVBOX:1',
    ]) {
      expect(policy.allows(origin)).toBe(true);
    }
    for (const origin of [
      'https://evil.example',
      'http://localhost.evil.example',
      'null',
      'https://localhost',
    ]) {
      expect(policy.allows(origin)).toBe(false);
    }
  });

  it('error: an origin is read as written: other spellings of a listed host, paths and junk do not pass', () => {
    const policy = new OriginPolicy([], 'devbox');
    for (const origin of [
      'http://127.1',
      'http://0x7f000001',
      'http://2130706433',
      'http://127.0.0.1.',
      'http://localhost.',
      'http://localhost/',
      'http://user@localhost',
      'http://localhost:abc',
      'http://localhost:8545/path',
      'localhost',
      '',
    ]) {
      expect([origin, policy.allows(origin)]).toEqual([origin, false]);
    }
    expect(policy.allows('HTTP://LOCALHOST:3000')).toBe(true);
    expect(new OriginPolicy(['http://[::1]']).allows('http://[::1]:8080')).toBe(true);
  });

  it('args: a list allows exactly its origins; a listed origin without a port allows any port', () => {
    const policy = new OriginPolicy(['https://app.example', 'http://wallet.example:8080', 'dapp.example']);
    expect(policy.allows('https://app.example:444')).toBe(true);
    expect(policy.allows('http://app.example')).toBe(false);
    expect(policy.allows('http://wallet.example:8080')).toBe(true);
    expect(policy.allows('http://wallet.example:8081')).toBe(false);
    expect(policy.allows('https://dapp.example')).toBe(true);
    expect(policy.allows('http://localhost')).toBe(false);
  });

  it('args: * allows every origin', () => {
    expect(new OriginPolicy(['*']).allows('https://anything.example')).toBe(true);
  });
});

describe(HostPolicy.name, () => {
  it('default: localhost and IP literals pass, with or without a port; other names do not', () => {
    const policy = new HostPolicy(['localhost']);
    for (const host of ['localhost', 'LOCALHOST:8545', '127.0.0.1:8545', '10.1.2.3', '[::1]:8545', '::1']) {
      expect(policy.allows(host)).toBe(true);
    }
    for (const host of ['evil.example', 'evil.example:8545', 'localhost.evil.example', '', undefined]) {
      expect(policy.allows(host)).toBe(false);
    }
  });

  it('error: a Host whose port is not a port is refused, a listed name or an IP literal alike', () => {
    const policy = new HostPolicy(['localhost']);
    for (const host of [
      'localhost:abc',
      'localhost:80:90',
      'localhost:123456',
      'localhost:65536',
      '127.0.0.1:abc',
      '[::1]:abc',
      '[::1]x',
      'localhost:8545 ',
    ]) {
      expect([host, policy.allows(host)]).toEqual([host, false]);
    }
    for (const host of ['localhost:', 'localhost:65535', '[::1]:', '127.0.0.1:0']) {
      expect([host, policy.allows(host)]).toEqual([host, true]);
    }
  });

  it('args: * allows every host', () => {
    expect(new HostPolicy(['*']).allows('rpc.example')).toBe(true);
  });
});
