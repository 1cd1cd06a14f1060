// What the keystore service needs from its config, as a Nest token.
import type { UnlockBackoff, UnlockSessionStore } from '@photon/store';

export interface KeystoreOptions {
  /** Where the v3 key files live (created with the first key); null: in memory, gone at exit. */
  readonly keystoreDir: string | null;
  /** geth's --lightkdf: cheaper scrypt for new key files (tests, devnets); reading takes any cost. */
  readonly lightKdf: boolean;
  /** The EIP-155 chain id transactions are signed for. */
  readonly chainId: bigint;
  /** Unlock sessions: in memory for `photon start`, Redis for the cluster. Closed with the module. */
  readonly sessions: UnlockSessionStore;
  /** Failed passphrase attempts per account and client: in memory for `photon start`, Redis for the cluster. */
  readonly backoff: UnlockBackoff;
  /** --unlock-key names (addresses or key file names) to unlock until the tier stops. */
  readonly unlockKeys: readonly string[];
  /** --passphrase-file: line i holds the passphrase of the i-th --unlock-key (the last line serves the rest). */
  readonly passphraseFile: string | null;
  /** --import-key-file: raw keys imported at start unless held, key i under passphrase line i. */
  readonly importKeyFile: string | null;
  /**
   * Private keys (0x hex) held at start and unlocked until the tier stops: the devnet's publicly known
   * dev accounts, kept under the empty passphrase at a token KDF cost (it would protect nothing).
   */
  readonly devAccountKeys: readonly string[];
  /**
   * geth's --allow-insecure-unlock: unlocked accounts sign, and personal_unlockAccount is served,
   * for calls through a gateway other machines can reach. Off: only loopback gateways may.
   */
  readonly allowInsecureUnlock: boolean;
}

export const KEYSTORE_OPTIONS = Symbol('KEYSTORE_OPTIONS');
