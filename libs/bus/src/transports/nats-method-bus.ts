// The cluster transport: NATS request/reply to the owning service's queue group. A service with
// no replica up answers at once through NATS "no responders" instead of hanging the caller.
import { Injectable } from '@nestjs/common';
import { LimitExceededError, ResourceUnavailableError } from '@photon/codec';
import type { ServiceName } from '@photon/types';
import { ErrorCode, type NatsConnection, NatsError } from 'nats';
import { type BusRequest, MethodBus } from './method-bus';
import { encodeJson, unwrapReply } from './bus-wire';
import { pingSubject, rpcSubject } from './nats-subjects';

@Injectable()
export class NatsMethodBus extends MethodBus {
  constructor(
    private readonly connection: NatsConnection,
    private readonly prefix: string,
  ) {
    super();
  }

  async request(service: ServiceName, request: BusRequest, timeoutMs: number): Promise<unknown> {
    try {
      const reply = await this.connection.request(rpcSubject(this.prefix, service), encodeJson(request), {
        timeout: timeoutMs,
      });
      return unwrapReply(reply.data);
    } catch (error) {
      throw mapNatsError(error, service);
    }
  }

  async ping(service: ServiceName, timeoutMs: number): Promise<boolean> {
    try {
      await this.connection.request(pingSubject(this.prefix, service), undefined, { timeout: timeoutMs });
      return true;
    } catch {
      return false;
    }
  }
}

function mapNatsError(error: unknown, service: ServiceName): unknown {
  if (!(error instanceof NatsError)) return error;
  if (error.code === String(ErrorCode.NoResponders)) {
    return new ResourceUnavailableError(`service ${service} is unavailable`);
  }
  if (error.code === String(ErrorCode.Timeout)) return new ResourceUnavailableError('request timed out');
  if (error.code === String(ErrorCode.MaxPayloadExceeded))
    return new LimitExceededError('request too large for the bus');
  return new ResourceUnavailableError(`bus error: ${error.code}`);
}
