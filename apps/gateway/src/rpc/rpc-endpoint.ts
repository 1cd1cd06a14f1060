// One JSON-RPC exchange, transport-neutral: body text in, reply text (or nothing) out. The HTTP
// controller and the websocket gateway both go through here, so they cannot drift apart.
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { CallContext } from '@photon/bus';
import { dispatch, logInternalTo, parseBody, serializeReply } from '@photon/codec';
import { GATEWAY_OPTIONS, type GatewayOptions } from '../gateway-options';
import { RpcRouter } from './rpc-router';

@Injectable()
export class RpcEndpoint {
  private readonly logInternal = logInternalTo(new Logger('rpc'));

  constructor(
    private readonly router: RpcRouter,
    @Inject(GATEWAY_OPTIONS) private readonly options: GatewayOptions,
  ) {}

  /** The reply text, or undefined when the request was only notifications. */
  async handle(text: string, context: CallContext): Promise<string | undefined> {
    const body = parseBody(text, {
      requireVersion: context.transport === 'http',
      maxBatchItems: this.options.maxBatchItems,
    });
    const reply = await dispatch(body, (call) => this.router.route(call, context), this.logInternal);
    return serializeReply(reply, this.options.maxBatchResponseBytes);
  }
}
