// Opens a cluster process's NATS and Redis connections with the credentials and TLS material the
// operator named by flag. Secrets come from files (a flag's value shows in `ps`); a file that cannot
// be read stops the start with one line naming the flag, never the content.
import { type NatsCredentials, connectNats } from '@photon/bus';
import { type ClusterConfig, ConfigError, readFlagFile } from '@photon/config';
import { connectRedis } from '@photon/store';

type FileFlag = keyof ClusterConfig & `${string}File`;

const FLAG_NAMES: Readonly<Record<FileFlag, string>> = {
  natsPasswordFile: 'nats-password-file',
  natsTokenFile: 'nats-token-file',
  natsCredsFile: 'nats-creds-file',
  natsNkeySeedFile: 'nats-nkey-seed-file',
  natsTlsCaFile: 'nats-tls-ca-file',
  natsTlsCertFile: 'nats-tls-cert-file',
  natsTlsKeyFile: 'nats-tls-key-file',
  redisTlsCaFile: 'redis-tls-ca-file',
  redisTlsCertFile: 'redis-tls-cert-file',
  redisTlsKeyFile: 'redis-tls-key-file',
};

/**
 * The text of the file a flag names (a secret's trailing newline dropped; `verbatim` for a .creds file,
 * whose parser needs the newline after its last marker), or undefined when the flag is unset.
 */
async function fileText(config: ClusterConfig, key: FileFlag, verbatim = false): Promise<string | undefined> {
  const path = config[key];
  if (path === null) return undefined;
  try {
    const text = (await readFlagFile(FLAG_NAMES[key], path)).toString('utf8');
    return verbatim ? text : text.replace(/\r?\n$/, '');
  } catch (error) {
    throw new ConfigError(error instanceof Error ? error.message : String(error));
  }
}

async function tlsOf(
  config: ClusterConfig,
  ca: FileFlag,
  cert: FileFlag,
  key: FileFlag,
): Promise<{ ca?: string; cert?: string; key?: string } | undefined> {
  const [caText, certText, keyText] = await Promise.all([
    fileText(config, ca),
    fileText(config, cert),
    fileText(config, key),
  ]);
  if ((certText === undefined) !== (keyText === undefined)) {
    throw new ConfigError(`--${FLAG_NAMES[cert]} and --${FLAG_NAMES[key]} go together`);
  }
  if (caText === undefined && certText === undefined) return undefined;
  return {
    ...(caText === undefined ? {} : { ca: caText }),
    ...(certText === undefined ? {} : { cert: certText, key: keyText }),
  };
}

export async function natsCredentialsOf(config: ClusterConfig): Promise<NatsCredentials> {
  if ((config.natsUser === null) !== (config.natsPasswordFile === null)) {
    throw new ConfigError('--nats-user and --nats-password-file go together');
  }
  const [password, token, creds, nkeySeed, tls] = await Promise.all([
    fileText(config, 'natsPasswordFile'),
    fileText(config, 'natsTokenFile'),
    fileText(config, 'natsCredsFile', true),
    fileText(config, 'natsNkeySeedFile'),
    tlsOf(config, 'natsTlsCaFile', 'natsTlsCertFile', 'natsTlsKeyFile'),
  ]);
  return {
    ...(config.natsUser === null ? {} : { user: config.natsUser }),
    ...(password === undefined ? {} : { password }),
    ...(token === undefined ? {} : { token }),
    ...(creds === undefined ? {} : { creds }),
    ...(nkeySeed === undefined ? {} : { nkeySeed }),
    ...(tls === undefined ? {} : { tls }),
  };
}

export async function openNats(config: ClusterConfig, name: string): ReturnType<typeof connectNats> {
  return connectNats(config.natsUrl.toString(), name, await natsCredentialsOf(config));
}

export async function openRedis(
  config: ClusterConfig,
  name: string,
  onError: (message: string) => void,
): ReturnType<typeof connectRedis> {
  const tls = await tlsOf(config, 'redisTlsCaFile', 'redisTlsCertFile', 'redisTlsKeyFile');
  return connectRedis(config.redisUrl, { name, onError, ...(tls === undefined ? {} : { tls }) });
}

/** Connects to NATS and Redis and hangs up: a server that does not answer fails with one line. */
export async function checkConnections(config: ClusterConfig): Promise<void> {
  const redis = await openRedis(config, 'photon-check', () => undefined);
  try {
    await (await openNats(config, 'photon-check')).close();
  } finally {
    redis.disconnect();
  }
}
