// photon_faucet's command: who gets the coins and which client asked, refused at creation when the
// gateway sent something that is no address (it checks first; this is the service's own guard).
import { InvalidParamsError } from '@photon/codec';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export class FaucetCommand {
  private constructor(
    /** The receiver, lowercase. */
    readonly address: string,
    /** The client address the gateway saw (its IP), for the per-client cooldown. */
    readonly client: string,
    /** The gateway's faucet request (X-Request-Id), for the lines this send writes and the keystore's. */
    readonly requestId?: string,
  ) {}

  static create(params: unknown, requestId?: string): FaucetCommand {
    const request: unknown = Array.isArray(params) ? params[0] : params;
    const { address, client } = (typeof request === 'object' && request !== null ? request : {}) as Record<
      string,
      unknown
    >;
    if (typeof address !== 'string' || !ADDRESS.test(address))
      throw InvalidParamsError.argument(0, 'address must be 0x and 40 hex digits');
    if (typeof client !== 'string' || client === '' || client.length > 100)
      throw InvalidParamsError.argument(0, 'client must name the caller');
    return new FaucetCommand(address.toLowerCase(), client, requestId);
  }

  /** The cooldown records this request takes: its address and its client. */
  get cooldownKeys(): string[] {
    return [`address:${this.address}`, `client:${this.client}`];
  }
}
