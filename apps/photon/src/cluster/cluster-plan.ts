// What `photon cluster` runs: one `photon <command>` process per role, with the flags that tie them into
// one tier (the devnet or --node, the bus prefix, NATS and Redis, the keystore's KEK and key directory).
// Pure: the command spawns the plan, a spec checks it.
import { isLoopbackHost, type ClusterRunConfig, ConfigError } from '@photon/config';
import { join } from 'node:path';

/** How the command knows a role is up before it starts the next stage. */
export type RoleReadiness = 'engine-health' | 'serving-on-nats' | 'gateway-ready';

export interface RolePlan {
  /** `devnet`, `query-1`, `gateway-2`, …: the prefix of the role's log lines. */
  readonly role: string;
  /** Arguments after `photon`. */
  readonly args: readonly string[];
  readonly readiness: RoleReadiness;
  /** The URL the readiness check polls (engine /health, gateway /readyz). */
  readonly probeUrl?: string;
}

export interface ClusterPlan {
  /** Stages started one after another, each once every role of the one before is ready. */
  readonly stages: readonly (readonly RolePlan[])[];
  /** The gateways' HTTP and websocket URLs, first gateway first. */
  readonly gateways: readonly { readonly httpUrl: string; readonly wsUrl: string }[];
  readonly engineUrl: string;
  readonly devAccounts: boolean;
}

export const EVENTS_REPLICAS = 2;

export interface PlanInputs {
  readonly busPrefix: string;
  /** Holds the KEK file, the key directory and, with --data-dir, the devnet's chain. */
  readonly workDir: string;
  readonly kekFile: string;
}

export function clusterPlan(config: ClusterRunConfig, inputs: PlanInputs): ClusterPlan {
  const { host, port } = config.laddr;
  const loopback = isLoopbackHost(host);
  const devAccounts = devAccountsWanted(config, loopback);
  const logging = ['--log-level', config.logLevel, '--log-format', config.logFormat];
  const devnetAddress = `${urlHost(config.devnetLaddr.host)}:${config.devnetLaddr.port}`;
  const engineUrl = (config.node?.toString() ?? `http://${callableHost(devnetAddress)}`).replace(/\/$/, '');
  const engine = engineUrl;
  const bus = [
    '--nats-url',
    config.natsUrl.toString(),
    '--redis-url',
    config.redisUrl.toString(),
    '--bus-prefix',
    inputs.busPrefix,
  ];
  const chain = ['--node', engine, '--chain-id', config.chainId.cosmos];
  const stages: RolePlan[][] = [];
  if (config.node === null) {
    stages.push([
      {
        role: 'devnet',
        args: [
          'devnet',
          '--devnet-laddr',
          `tcp://${devnetAddress}`,
          '--block-time',
          `${config.blockTimeMs}ms`,
          '--chain-id',
          config.chainId.cosmos,
          ...(config.dataDir === null ? [] : ['--data-dir', join(inputs.workDir, 'chain')]),
          ...logging,
          ...(config.quiet ? ['--quiet'] : []),
        ],
        readiness: 'engine-health',
        probeUrl: `${engineUrl}/health`,
      },
    ]);
  }
  const service = (role: string, args: readonly string[]): RolePlan => ({
    role,
    args: [...args, ...bus, ...logging],
    readiness: 'serving-on-nats',
  });
  stages.push([
    ...numbered('query', config.queryReplicas).map((role) => service(role, ['query', ...chain])),
    service('tx', ['tx', ...chain]),
    service('keystore', [
      'keystore',
      '--chain-id',
      config.chainId.cosmos,
      '--keystore-kek-file',
      inputs.kekFile,
      '--keystore-dir',
      join(inputs.workDir, 'keystore'),
      '--dev-accounts',
      devAccounts ? 'on' : 'off',
    ]),
    ...numbered('events', EVENTS_REPLICAS).map((role) => service(role, ['events', ...chain])),
  ]);
  const gateways = numbered('gateway', config.gateways).map((role, index) => {
    const httpPort = port + 2 * index;
    const wsPort = config.wsport + 2 * index;
    return {
      role,
      httpUrl: `http://${urlHost(host)}:${httpPort}`,
      wsUrl: `ws://${urlHost(host)}:${wsPort}`,
      args: [
        'gateway',
        '--laddr',
        `tcp://${urlHost(host)}:${httpPort}`,
        '--wsport',
        String(wsPort),
        '--rpc-api',
        config.rpcApi.join(','),
        ...bus,
        ...logging,
      ],
    };
  });
  stages.push(
    gateways.map(({ role, args, httpUrl }) => ({
      role,
      args,
      readiness: 'gateway-ready' as const,
      probeUrl: `${callableHost(httpUrl)}/readyz`,
    })),
  );
  return {
    stages,
    gateways: gateways.map(({ httpUrl, wsUrl }) => ({ httpUrl, wsUrl })),
    engineUrl,
    devAccounts,
  };
}

/** As `photon start`: with its own devnet on a loopback listener, unless turned off; `on` only on loopback. */
function devAccountsWanted(config: ClusterRunConfig, loopback: boolean): boolean {
  if (config.devAccounts === 'on' && !loopback) {
    throw new ConfigError(
      `--dev-accounts on: account unlock with HTTP access is forbidden on ${config.laddr.host}`,
    );
  }
  if (config.devAccounts !== 'auto') return config.devAccounts === 'on';
  return config.node === null && loopback;
}

const numbered = (name: string, count: number): string[] =>
  Array.from({ length: count }, (_, index) => (count === 1 ? name : `${name}-${index + 1}`));

const urlHost = (host: string): string => (host.includes(':') && !host.startsWith('[') ? `[${host}]` : host);

/** A listener on every interface is called on loopback. */
const callableHost = (address: string): string =>
  address.replace(/(^|\/\/)0\.0\.0\.0:/, '$1127.0.0.1:').replace(/(^|\/\/)\[::\]:/, '$1[::1]:');
