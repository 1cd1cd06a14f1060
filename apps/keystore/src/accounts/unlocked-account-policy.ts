// Who may use unlocked accounts. geth refuses unlocking while its HTTP listener is reachable by
// others; in a cluster one keystore serves many gateways, so the rule is decided per call, from the
// exposure the gateway that took it states: only calls through a loopback gateway may unlock or
// sign with an unlocked account, unless the operator passed --allow-insecure-unlock to this service.
// A call that states no exposure (an old gateway, a hand-made bus message) counts as public.
import { Inject, Injectable } from '@nestjs/common';
import type { CallContext } from '@photon/bus';
import { KEYSTORE_OPTIONS, type KeystoreOptions } from '../keystore-options';
import { unlockForbidden, unlockedSigningForbidden } from './keystore-errors';

@Injectable()
export class UnlockedAccountPolicy {
  private readonly allowInsecure: boolean;

  constructor(@Inject(KEYSTORE_OPTIONS) options: KeystoreOptions) {
    this.allowInsecure = options.allowInsecureUnlock;
  }

  /** personal_unlockAccount: geth's `account unlock with HTTP access is forbidden` when refused. */
  assertMayUnlock(context: CallContext): void {
    if (this.refuses(context)) throw unlockForbidden();
  }

  /** eth_sign, eth_signTransaction (and so eth_sendTransaction) with an unlocked account. */
  assertMaySignUnlocked(context: CallContext): void {
    if (this.refuses(context)) throw unlockedSigningForbidden();
  }

  private refuses(context: CallContext): boolean {
    return !this.allowInsecure && context.exposure !== 'loopback';
  }
}
