// The keystore's part of a command's config: where keys live, the session store, what to unlock,
// the passphrase backoff. `photon start` keeps sessions (and failed attempts) in memory under a KEK
// from --keystore-kek-file or a random one, and with its own devnet keeps keys with the chain and the
// dev accounts unlocked; `photon keystore` keeps sessions in Redis under the KEK every replica reads
// from the same file.
import { join } from 'node:path';
import { ConfigError, type KeystoreConfig, type StartConfig, isLoopbackHost } from '@photon/config';
import { type KeystoreOptions, defaultKeystoreDir, readKekFile } from '@photon/keystore';
import {
  DEFAULT_UNLOCK_BACKOFF,
  KeyWrapper,
  MemoryUnlockBackoff,
  MemoryUnlockStore,
  type UnlockBackoff,
  type UnlockBackoffPolicy,
  type UnlockSessionStore,
} from '@photon/store';

/**
 * geth refuses --unlock when HTTP is reachable by others; so does Photon, on a non-loopback listener,
 * for --unlock-key and --dev-accounts on. Checked before a devnet is started for nothing.
 */
export function checkUnlockExposure(config: StartConfig): void {
  // The faucet key is the exception: only the faucet signs with it (photon_signTransaction), and client
  // calls through a public listener still may not sign with an unlocked account.
  const faucetKey = config.faucetKey;
  const clientKeys = config.unlockKey.filter(
    (name) => faucetKey === null || name.toLowerCase() !== faucetKey,
  );
  if (config.allowInsecureUnlock || isLoopbackHost(config.laddr.host)) return;
  if (clientKeys.length > 0) {
    throw new ConfigError(
      `--unlock-key: account unlock with HTTP access is forbidden on ${config.laddr.host} (see --allow-insecure-unlock)`,
    );
  }
  if (config.devAccounts === 'on') {
    throw new ConfigError(
      `--dev-accounts on: account unlock with HTTP access is forbidden on ${config.laddr.host} (see --allow-insecure-unlock)`,
    );
  }
}

export async function inProcessKeystoreOptions(config: StartConfig): Promise<KeystoreOptions> {
  checkUnlockExposure(config);
  const wrapper =
    config.keystoreKekFile === null ? KeyWrapper.ephemeral() : await readKekFile(config.keystoreKekFile);
  return {
    ...common(config),
    keystoreDir: inProcessKeystoreDir(config),
    devAccountKeys: devAccountsWanted(config) ? await devAccountKeys() : [],
    sessions: new MemoryUnlockStore(wrapper),
    backoff: new MemoryUnlockBackoff(unlockBackoffPolicyOf(config)),
  };
}

/** `devAccountKeys`: the keys of --dev-accounts on (clusterDevAccountKeys), read before the module is built. */
export function clusterKeystoreOptions(
  config: KeystoreConfig,
  sessions: UnlockSessionStore,
  backoff: UnlockBackoff,
  devAccountKeys: readonly string[],
): KeystoreOptions {
  return {
    ...common(config),
    keystoreDir: config.keystoreDir ?? defaultKeystoreDir(null),
    devAccountKeys: [...devAccountKeys],
    sessions,
    backoff,
  };
}

/** Asked for by the operator (photon cluster asks with its own devnet): a keystore cannot tell its chain. */
export async function clusterDevAccountKeys(config: KeystoreConfig): Promise<string[]> {
  return config.devAccounts === 'on' ? devAccountKeys() : [];
}

/**
 * The dev accounts' keys. The devnet's code is loaded only then: with its EVM it is a third of a keystore
 * replica's start, which sets how soon a restarted keystore serves.
 */
async function devAccountKeys(): Promise<string[]> {
  const { devAccounts } = await import('@photon/devnet');
  return devAccounts().map((account) => account.privateKey);
}

/**
 * The keystore of `photon start`: --keystore-dir when given; with its own devnet, with the chain (under
 * --data-dir, or in memory like the chain); with --node, one that outlives the process.
 */
function inProcessKeystoreDir(config: StartConfig): string | null {
  if (config.keystoreDir !== null) return config.keystoreDir;
  if (config.node !== null) return defaultKeystoreDir(config.dataDir);
  return config.dataDir === null ? null : join(config.dataDir, 'keystore');
}

/**
 * --dev-accounts: auto holds them where they can only be the chain's own and only this machine can
 * call: the embedded devnet, a loopback listener, a keystore of its own. on is the explicit ask, still
 * under the rule of --unlock-key for a listener others can reach (checkUnlockExposure).
 */
function devAccountsWanted(config: StartConfig): boolean {
  if (config.devAccounts !== 'auto') return config.devAccounts === 'on';
  return config.node === null && isLoopbackHost(config.laddr.host) && config.keystoreDir === null;
}

/** --unlock-failures and --unlock-backoff-max over the default first delay and window. */
export function unlockBackoffPolicyOf(
  config: Pick<KeystoreConfig, 'unlockFailures' | 'unlockBackoffMaxMs'>,
): UnlockBackoffPolicy {
  const maxDelayMs = config.unlockBackoffMaxMs;
  return {
    ...DEFAULT_UNLOCK_BACKOFF,
    failures: config.unlockFailures,
    maxDelayMs,
    baseDelayMs: Math.min(DEFAULT_UNLOCK_BACKOFF.baseDelayMs, maxDelayMs),
  };
}

function common(
  config: Pick<
    KeystoreConfig,
    'lightKdf' | 'chainId' | 'unlockKey' | 'passphraseFile' | 'importKeyFile' | 'allowInsecureUnlock'
  >,
): Omit<KeystoreOptions, 'sessions' | 'backoff' | 'keystoreDir' | 'devAccountKeys'> {
  return {
    lightKdf: config.lightKdf,
    chainId: config.chainId.eip155,
    unlockKeys: config.unlockKey,
    passphraseFile: config.passphraseFile,
    importKeyFile: config.importKeyFile,
    allowInsecureUnlock: config.allowInsecureUnlock,
  };
}
