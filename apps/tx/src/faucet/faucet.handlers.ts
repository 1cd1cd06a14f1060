// Handler of the internal method behind the gateway's faucet endpoint (no client calls it directly).
import { Injectable } from '@nestjs/common';
import { type CallContext, RpcMethod } from '@photon/bus';
import type { FaucetGrant } from '@photon/types';
import { FaucetCommand } from './faucet.command';
import { FaucetUseCase } from './faucet.usecase';

@Injectable()
export class FaucetHandlers {
  constructor(private readonly faucet: FaucetUseCase) {}

  /** Handler for photon_faucet: the faucet amount to `address`, under its and the client's cooldowns. */
  @RpcMethod('photon_faucet')
  send(params: unknown, context: CallContext): Promise<FaucetGrant> {
    return this.faucet.execute(FaucetCommand.create(params, context.requestId));
  }
}
