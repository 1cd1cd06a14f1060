import { join } from 'node:path';
import { ConfigError } from './config-error';
import { loadConfig, pickConfig } from './load-config';
import { GATEWAY_SCHEMA, LISTENER_SCHEMA, START_SCHEMA } from './options';

describe(loadConfig.name, () => {
  it('default: every setting has its documented default', () => {
    const config = loadConfig(START_SCHEMA, [], {});
    expect(config.laddr).toEqual({ host: '127.0.0.1', port: 8545 });
    expect(config.wsport).toBe(8546);
    expect(config.rpcApi).toEqual(['web3', 'eth', 'net']);
    expect(config.chainId).toEqual({ cosmos: 'photon_9000-1', eip155: 9000n });
    expect(config.node).toBeNull();
    expect(config.devnetLaddr).toEqual({ host: '127.0.0.1', port: 26657 });
    expect(config.blockTimeMs).toBe(1000);
    expect(config.maxBodyBytes).toBe(5 * 1024 * 1024);
    expect(config.maxBatchItems).toBe(1000);
    expect(config.wsMaxMessageBytes).toBe(32 * 1024 * 1024);
    expect(config.unlockKey).toEqual([]);
    expect(config.dataDir).toBeNull();
  });

  it('args: flags in both forms, env vars, and flags winning over env', () => {
    const config = loadConfig(
      START_SCHEMA,
      ['--laddr=tcp://0.0.0.0:9545', '--chain-id', 'evmos_9001-2', '--quiet'],
      { PHOTON_LADDR: 'tcp://127.0.0.1:1', PHOTON_RPC_API: 'eth,personal', PHOTON_NODE: 'tcp://node:26657' },
    );
    expect(config.laddr).toEqual({ host: '0.0.0.0', port: 9545 });
    expect(config.chainId.eip155).toBe(9001n);
    expect(config.rpcApi).toEqual(['eth', 'personal']);
    expect(config.node?.toString()).toBe('http://node:26657/');
    expect(config.quiet).toBe(true);
  });

  it('args: --data-dir is made absolute against the working directory', () => {
    expect(loadConfig(START_SCHEMA, ['--data-dir', 'chain'], {}).dataDir).toBe(join(process.cwd(), 'chain'));
    expect(loadConfig(START_SCHEMA, [], { PHOTON_DATA_DIR: '/var/photon' }).dataDir).toBe('/var/photon');
  });

  it('args: the cluster flags', () => {
    const config = loadConfig(GATEWAY_SCHEMA, ['--nats-url', 'nats://nats:4222', '--bus-prefix', 'tier.a'], {
      PHOTON_REDIS_URL: 'redis://redis:6379',
    });
    expect(config.natsUrl.host).toBe('nats:4222');
    expect(config.redisUrl.host).toBe('redis:6379');
    expect(config.busPrefix).toBe('tier.a');
  });

  it.each([
    [['--laddr', 'x'], '--laddr: "x" is not a listen address like tcp://127.0.0.1:8545'],
    [['--wsport', '70000'], '--wsport: port 70000 is out of range 1-65535'],
    [
      ['--rpc-api', 'eth,bogus'],
      '--rpc-api: unknown namespace "bogus" (known: web3, net, eth, personal, txpool, debug, miner, admin)',
    ],
    [
      ['--chain-id', 'photon-9000'],
      '--chain-id: "photon-9000" is neither a Cosmos chain id like photon_9000-1 nor a positive number',
    ],
    [['--max-batch-items', '0'], '--max-batch-items: "0" is not a positive integer'],
    [['--laddr'], '--laddr needs a value'],
    [['--nope', '1'], 'unknown flag --nope (see --help)'],
    [['stray'], 'unexpected argument "stray"'],
  ])('error: %j → %s', (argv, message) => {
    expect(() => loadConfig(START_SCHEMA, argv, {})).toThrow(new ConfigError(message));
  });

  it.each([
    ['100ms', 100],
    ['1s', 1000],
    ['1.5s', 1500],
    ['250', 250],
  ])('args: --block-time %s', (text, ms) => {
    expect(loadConfig(START_SCHEMA, ['--block-time', text], {}).blockTimeMs).toBe(ms);
  });

  it('args: a bare -- (as `pnpm start -- --flag` passes it) is skipped', () => {
    const config = loadConfig(GATEWAY_SCHEMA, ['--', '--wsport', '9000', '--', '--quiet'], {});
    expect(config.wsport).toBe(9000);
    expect(config.quiet).toBe(true);
  });

  it('error: a bad env var is named by its variable', () => {
    expect(() => loadConfig(GATEWAY_SCHEMA, [], { PHOTON_NATS_URL: 'http://x' })).toThrow(
      'PHOTON_NATS_URL: "http://x" must use nats:// or tls://',
    );
  });
});

describe('pickConfig', () => {
  it('default: keeps exactly the keys of the schema', () => {
    const config = loadConfig(START_SCHEMA, ['--wsport', '9999'], {});
    const picked = pickConfig(LISTENER_SCHEMA, config);
    expect(Object.keys(picked).sort()).toEqual(Object.keys(LISTENER_SCHEMA).sort());
    expect(picked.wsport).toBe(9999);
    expect('chainId' in picked).toBe(false);
  });
});
