// `photon cluster`: the tier as separate local processes on the machine's NATS and Redis — the devnet (or
// --node), query replicas, tx, keystore, two events replicas and one or two gateways — under a fresh bus
// prefix, in one log stream. SIGINT/SIGTERM stops them in order (gateways drain first, the chain last);
// a role that dies stops the rest. A prefix it chose itself is pruned at exit.
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLUSTER_SCHEMA, type ClusterConfig, type ClusterRunConfig, loadConfig } from '@photon/config';
import { type ClusterPlan, type RolePlan, clusterPlan } from '../cluster/cluster-plan';
import { type RoleProcess, spawnRole } from '../cluster/role-process';
import { waitForRole } from '../cluster/wait-for-role';
import type { PhotonLogger } from '../photon-logger';
import { checkConnections } from '../cluster-connections';
import { prunePrefix, prunedLine } from '../prune/prune-prefix';

/** How long a role has to stop after SIGTERM before it is killed: a gateway's drain fits in it. */
const STOP_GRACE_MS = 40_000;

export async function clusterCommand(config: ClusterRunConfig, logger: PhotonLogger): Promise<void> {
  const fresh = config.busPrefix === null;
  const busPrefix = config.busPrefix ?? `cluster-${randomBytes(4).toString('hex')}`;
  const workDir = config.dataDir ?? (await mkdtemp(join(tmpdir(), 'photon-cluster-')));
  const kekFile = join(workDir, 'kek');
  let plan: ClusterPlan;
  let bus: ClusterConfig;
  try {
    plan = clusterPlan(config, { busPrefix, workDir, kekFile });
    bus = busConfig(config, busPrefix);
    // A NATS or Redis that does not answer stops the start here, in one line, before any process runs.
    await checkConnections(bus);
  } catch (error) {
    if (config.dataDir === null) await rm(workDir, { recursive: true, force: true });
    throw error;
  }
  await mkdir(workDir, { recursive: true, mode: 0o700 });
  // The KEK the keystore wraps unlock sessions with: made once per work dir, never printed.
  await writeFile(kekFile, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' }).catch(
    (error: unknown) => {
      if ((error as { code?: unknown }).code !== 'EEXIST') throw error;
    },
  );

  const roles: RoleProcess[] = [];
  let stopping = false;
  const stopAll = async (code: number): Promise<never> => {
    stopping = true;
    // Gateways first (they drain their clients), the services next, the chain last.
    for (const stage of [...plan.stages].reverse()) {
      const names = new Set(stage.map((role) => role.role));
      await Promise.all(roles.filter((role) => names.has(role.role)).map(stopRole));
    }
    const failed = roles.filter((role) => !role.hasExited() || role.child.exitCode !== 0);
    if (fresh) {
      const pruned = await prunePrefix(bus, (message) => logger.warnLine(`photon cluster: ${message}`)).catch(
        (error: unknown) => {
          logger.warnLine(`photon cluster: could not prune ${busPrefix}: ${String(error)}`);
          return undefined;
        },
      );
      if (pruned !== undefined) logger.announce(`photon cluster: ${prunedLine(busPrefix, pruned)}`);
    }
    if (config.dataDir === null) await rm(workDir, { recursive: true, force: true });
    const exits = roles.map((role) => `${role.role} ${String(role.child.exitCode ?? role.child.signalCode)}`);
    logger.announce(`photon cluster: stopped (${exits.join(', ')})`);
    process.exit(code !== 0 || failed.length > 0 ? 1 : 0);
  };
  /** A role that exits while the cluster runs stops the rest. */
  const watched = (process: RoleProcess, role: RolePlan): { process: RoleProcess; role: RolePlan } => {
    void process.exited.then((code) => {
      if (stopping) return;
      logger.warnLine(`photon cluster: ${process.role} exited (${String(code)}); stopping the others`);
      void stopAll(1);
    });
    return { process, role };
  };
  const onSignal = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    logger.warnLine(`photon cluster: ${signal}, stopping ${roles.length} processes`);
    void stopAll(0);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  try {
    for (const stage of plan.stages) {
      const started = stage.map((role) => watched(spawnRole(role.role, role.args), role));
      roles.push(...started.map(({ process }) => process));
      await Promise.all(started.map(({ process, role }) => waitForRole(process, role, () => stopping)));
      if (stopping) return;
    }
  } catch (error) {
    logger.warnLine(`photon cluster: ${error instanceof Error ? error.message : String(error)}`);
    if (!stopping) await stopAll(1);
    return;
  }
  announce(plan, config, busPrefix, roles.length, logger);
}

async function stopRole(role: RoleProcess): Promise<void> {
  if (role.hasExited()) return;
  role.child.kill('SIGTERM');
  const timer = setTimeout(() => role.child.kill('SIGKILL'), STOP_GRACE_MS);
  await role.exited;
  clearTimeout(timer);
}

/** NATS and Redis as the roles reach them, for the start's check and the prune at exit. */
function busConfig(config: ClusterRunConfig, busPrefix: string): ClusterConfig {
  return loadConfig(
    CLUSTER_SCHEMA,
    [
      '--nats-url',
      config.natsUrl.toString(),
      '--redis-url',
      config.redisUrl.toString(),
      '--bus-prefix',
      busPrefix,
    ],
    {},
  );
}

function announce(
  plan: ClusterPlan,
  config: ClusterRunConfig,
  busPrefix: string,
  count: number,
  logger: PhotonLogger,
): void {
  const gateways = plan.gateways.map(({ httpUrl, wsUrl }) => `${httpUrl} and ${wsUrl}`).join('; ');
  logger.announce(
    `photon cluster: serving JSON-RPC on ${gateways} (${count} processes, bus prefix ${busPrefix} on ` +
      `NATS ${config.natsUrl.host} and Redis ${config.redisUrl.host}, engine ${plan.engineUrl}` +
      `${plan.devAccounts ? ', the ten dev accounts unlocked' : ''})`,
  );
}
