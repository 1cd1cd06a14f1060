// HTTP POST / : JSON-RPC over HTTP. Bodies arrive as raw text (see configure-http.ts) so that
// malformed JSON is answered with -32700 rather than the HTTP framework's own error page.
import { Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RpcEndpoint } from '../rpc/rpc-endpoint';
import { rpcErrorBody, unsupportedMediaType } from './http-error-bodies';

/** Content types geth accepts for JSON-RPC. */
const JSON_TYPES = /^application\/(json|json-rpc|jsonrequest)\s*(;|$)/i;

@Controller()
export class JsonRpcController {
  constructor(private readonly endpoint: RpcEndpoint) {}

  /** Handler for POST /. */
  @Post('/')
  @HttpCode(200)
  async call(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const contentType = request.headers['content-type'] ?? '';
    if (!JSON_TYPES.test(contentType)) {
      await reply.code(415).type('application/json').send(rpcErrorBody(unsupportedMediaType()));
      return;
    }
    const text = typeof request.body === 'string' ? request.body : '';
    const answer = await this.endpoint.handle(text, { transport: 'http', remoteAddress: request.ip });
    await reply.type('application/json').send(answer ?? '');
  }
}
