// The keystore's part of a command's config: where keys live, the session store, what to unlock.
// `photon start` keeps sessions in memory under a KEK from --keystore-kek-file or a random one;
// `photon keystore` keeps them in Redis under the KEK every replica reads from the same file.
import { ConfigError, type KeystoreConfig, type StartConfig, isLoopbackHost } from '@photon/config';
import { type KeystoreOptions, defaultKeystoreDir, readKekFile } from '@photon/keystore';
import { KeyWrapper, MemoryUnlockStore, type UnlockSessionStore } from '@photon/store';

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
  };
}

export function clusterKeystoreOptions(
  config: KeystoreConfig,
  sessions: UnlockSessionStore,
): KeystoreOptions {
  return { ...common(config, null), sessions };
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
): Omit<KeystoreOptions, 'sessions'> {
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
