// The query service's first slice through the in-process gateway, as a client sees it.
import { PHOTON_VERSION } from '@photon/types';
import { type TestTier, call, post, startTestTier } from './in-process-app';

describe('query first slice over HTTP', () => {
  let tier: TestTier;
  beforeAll(async () => (tier = await startTestTier()));
  afterAll(() => tier.close());

  const result = async (method: string, params: unknown[] = []) =>
    (await post(tier.httpUrl, call(method, params))).json;

  it('default: web3_clientVersion names Photon, its version, the platform and node', async () => {
    expect(await result('web3_clientVersion')).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: `Photon/v${PHOTON_VERSION}/${process.platform}-${process.arch}/node${process.versions.node}`,
    });
  });

  it('default: web3_sha3 is Keccak-256 of the bytes', async () => {
    expect((await result('web3_sha3', ['0x68656c6c6f20776f726c64'])).result).toBe(
      '0x47173285a8d7341e5e972fc677286384f802f8ef42a5ec5f03bbfa254cb01fad',
    );
    expect((await result('web3_sha3', ['0x'])).result).toBe(
      '0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470',
    );
  });

  it('default: chain id from the Cosmos chain id photon_9000-1', async () => {
    expect((await result('eth_chainId')).result).toBe('0x2328');
    expect((await result('net_version')).result).toBe('9000');
  });

  it('default: eth_protocolVersion and net_listening', async () => {
    expect((await result('eth_protocolVersion')).result).toBe('0x41');
    expect((await result('net_listening')).result).toBe(true);
  });

  it('error: bad params name the argument with -32602', async () => {
    const reply = await result('web3_sha3', ['zz']);
    expect(reply.error.code).toBe(-32602);
    expect(reply.error.message).toMatch(/^invalid argument 0: /);
    expect((await result('web3_sha3', [])).error).toMatchObject({ code: -32602 });
    expect((await result('web3_sha3', ['0x', '0x'])).error).toMatchObject({ code: -32602 });
  });

  it('error: unknown and unserved methods answer -32601 with geth wording', async () => {
    for (const method of ['eth_nope', 'eth_fillTransaction', 'debug_traceTransaction', '']) {
      expect((await result(method)).error).toEqual({
        code: -32601,
        message: `the method ${method} does not exist/is not available`,
      });
    }
  });
});

describe('chain id given as a bare number', () => {
  let tier: TestTier;
  beforeAll(async () => (tier = await startTestTier(['--chain-id', '1234'])));
  afterAll(() => tier.close());

  it('args: --chain-id 1234', async () => {
    expect((await post(tier.httpUrl, call('eth_chainId'))).json.result).toBe('0x4d2');
    expect((await post(tier.httpUrl, call('net_version'))).json.result).toBe('1234');
  });
});

describe('--rpc-api exposure', () => {
  let tier: TestTier;
  beforeAll(async () => (tier = await startTestTier(['--rpc-api', 'eth'])));
  afterAll(() => tier.close());

  it('behavior: a method of a disabled namespace answers like an unknown one', async () => {
    for (const method of ['web3_clientVersion', 'net_version']) {
      expect((await post(tier.httpUrl, call(method))).json.error).toEqual({
        code: -32601,
        message: `the method ${method} does not exist/is not available`,
      });
    }
    expect((await post(tier.httpUrl, call('eth_chainId'))).json.result).toBe('0x2328');
  });
});
