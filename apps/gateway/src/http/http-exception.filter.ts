// The last word on every HTTP failure outside the JSON-RPC endpoint: a JSON-RPC error body with
// a fitting HTTP status; unexpected errors are logged with an id and answered opaquely.
import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { logInternalTo, toErrorObject } from '@photon/codec';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { bodyTooLarge, methodNotAllowed, pathNotFound, rpcErrorBody } from './http-error-bodies';
import { REQUEST_ID_HEADER } from './request-id';

interface FrameworkError {
  readonly statusCode?: number;
  readonly code?: string;
}

@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly log = new Logger('http');

  constructor(private readonly maxBodyBytes: number) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const [status, body] = this.answer(exception, request, reply);
    void reply.code(status).type('application/json').send(body);
  }

  private answer(exception: unknown, request: FastifyRequest, reply: FastifyReply): [number, string] {
    const status =
      exception instanceof HttpException ? exception.getStatus() : (exception as FrameworkError)?.statusCode;
    const code = (exception as FrameworkError)?.code;
    if (status === 413 || code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return [413, rpcErrorBody(bodyTooLarge(this.maxBodyBytes))];
    if (status === 404) {
      const onRoot = request.url.split('?')[0] === '/';
      return onRoot ? [405, rpcErrorBody(methodNotAllowed())] : [404, rpcErrorBody(pathNotFound())];
    }
    const requestId = reply.raw.getHeader(REQUEST_ID_HEADER);
    const error = toErrorObject(
      exception,
      logInternalTo(this.log, typeof requestId === 'string' ? requestId : undefined),
    );
    return [status !== undefined && status >= 400 && status < 500 ? status : 500, rpcErrorBody(error)];
  }
}
