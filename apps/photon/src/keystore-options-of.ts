// The keystore's part of a command's config: where keys live, the session store, what to unlock,
// the passphrase backoff. `photon start` keeps sessions (and failed attempts) in memory under a KEK
// from --keystore-kek-file or a random one; `photon keystore` keeps them in Redis under the KEK every
// replica reads from the same file.
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

export async function inProcessKeystoreOptions(config: StartConfig): Promise<KeystoreOptions> {
  // geth refuses --unlock when HTTP is reachable by others; so does Photon, on a non-loopback listener.
  // The faucet key is the exception: only the faucet signs with it (photon_signTransaction), and client
  // calls through a public listener still may not sign with an unlocked account.
  const faucetKey = config.faucetKey;
  const clientKeys = config.unlockKey.filter(
    (name) => faucetKey === null || name.toLowerCase() !== faucetKey,
  );
  if (clientKeys.length > 0 && !config.allowInsecureUnlock && !isLoopbackHost(config.laddr.host)) {
    throw new ConfigError(
      `--unlock-key: account unlock with HTTP access is forbidden on ${config.laddr.host} (see --allow-insecure-unlock)`,
    );
  }
  const wrapper =
    config.keystoreKekFile === null ? KeyWrapper.ephemeral() : await readKekFile(config.keystoreKekFile);
  return {
    ...common(config, config.dataDir),
    sessions: new MemoryUnlockStore(wrapper),
    backoff: new MemoryUnlockBackoff(unlockBackoffPolicyOf(config)),
  };
}

export function clusterKeystoreOptions(
  config: KeystoreConfig,
  sessions: UnlockSessionStore,
  backoff: UnlockBackoff,
): KeystoreOptions {
  return { ...common(config, null), sessions, backoff };
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
    | 'keystoreDir'
    | 'lightKdf'
    | 'chainId'
    | 'unlockKey'
    | 'passphraseFile'
    | 'importKeyFile'
    | 'allowInsecureUnlock'
  >,
  dataDir: string | null,
): Omit<KeystoreOptions, 'sessions' | 'backoff'> {
  return {
    keystoreDir: config.keystoreDir ?? defaultKeystoreDir(dataDir),
    lightKdf: config.lightKdf,
    chainId: config.chainId.eip155,
    unlockKeys: config.unlockKey,
    passphraseFile: config.passphraseFile,
    importKeyFile: config.importKeyFile,
    allowInsecureUnlock: config.allowInsecureUnlock,
  };
}
