import { CLUSTER_RUN_SCHEMA, ConfigError, loadConfig } from '@photon/config';
import { clusterPlan } from './cluster-plan';

const inputs = { busPrefix: 'cluster-ab', workDir: '/tmp/c', kekFile: '/tmp/c/kek' };
const plan = (args: string[]) => clusterPlan(loadConfig(CLUSTER_RUN_SCHEMA, args, {}), inputs);
const roles = (args: string[]) => plan(args).stages.map((stage) => stage.map((role) => role.role));

describe(clusterPlan.name, () => {
  it('default: the devnet, then 2 query, tx, keystore and 2 events, then one gateway, all on one prefix', () => {
    expect(roles([])).toEqual([
      ['devnet'],
      ['query-1', 'query-2', 'tx', 'keystore', 'events-1', 'events-2'],
      ['gateway'],
    ]);
    const { stages, gateways, engineUrl, devAccounts } = plan([]);
    expect(gateways).toEqual([{ httpUrl: 'http://127.0.0.1:8545', wsUrl: 'ws://127.0.0.1:8546' }]);
    expect(engineUrl).toBe('http://127.0.0.1:26657');
    expect(devAccounts).toBe(true);
    for (const role of stages.flat().filter((role) => role.role !== 'devnet')) {
      expect(role.args.join(' ')).toContain('--bus-prefix cluster-ab');
    }
    const keystore = stages[1]!.find((role) => role.role === 'keystore')!;
    expect(keystore.args.join(' ')).toContain(
      '--keystore-kek-file /tmp/c/kek --keystore-dir /tmp/c/keystore --dev-accounts on',
    );
  });

  it('args: --node replaces the devnet; --gateways 2 listens two ports up; --query-replicas', () => {
    const args = ['--node', 'tcp://10.0.0.5:26657', '--gateways', '2', '--query-replicas', '1'];
    expect(roles(args)).toEqual([
      ['query', 'tx', 'keystore', 'events-1', 'events-2'],
      ['gateway-1', 'gateway-2'],
    ]);
    const { gateways, engineUrl, devAccounts, stages } = plan(args);
    expect(gateways.map((gateway) => gateway.httpUrl)).toEqual([
      'http://127.0.0.1:8545',
      'http://127.0.0.1:8547',
    ]);
    expect(gateways[1]!.wsUrl).toBe('ws://127.0.0.1:8548');
    expect(engineUrl).toBe('http://10.0.0.5:26657');
    // Another chain's accounts are not the devnet's: not unless asked.
    expect(devAccounts).toBe(false);
    expect(stages[0]![0]!.args.join(' ')).toContain('--node http://10.0.0.5:26657');
  });

  it('error: --dev-accounts on with a public listener is refused; auto leaves them out there', () => {
    expect(plan(['--laddr', 'tcp://0.0.0.0:8545']).devAccounts).toBe(false);
    expect(() => plan(['--laddr', 'tcp://0.0.0.0:8545', '--dev-accounts', 'on'])).toThrow(ConfigError);
    expect(() => plan(['--gateways', '3'])).toThrow('--gateways: "3" is not 1 or 2');
  });
});
