// Fastify settings Nest does not own: bodies are read as raw text up to the body limit (the
// endpoint parses JSON itself to answer -32700), and CORS for the configured origins.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';

export function configureHttp(
  app: NestFastifyApplication,
  maxBodyBytes: number,
  corsOrigins: readonly string[],
) {
  const fastify = app.getHttpAdapter().getInstance();
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', { parseAs: 'string', bodyLimit: maxBodyBytes }, (_request, body, done) =>
    done(null, body),
  );
  if (corsOrigins.length > 0) fastify.addHook('onRequest', corsHook(corsOrigins));
}

function corsHook(origins: readonly string[]) {
  const anyOrigin = origins.includes('*');
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const origin = request.headers.origin;
    if (origin === undefined || !(anyOrigin || origins.includes(origin))) return;
    void reply.header('access-control-allow-origin', anyOrigin ? '*' : origin).header('vary', 'Origin');
    if (request.method !== 'OPTIONS') return;
    await reply
      .code(204)
      .header('access-control-allow-methods', 'POST, GET, OPTIONS')
      .header(
        'access-control-allow-headers',
        request.headers['access-control-request-headers'] ?? 'content-type',
      )
      .header('access-control-max-age', '600')
      .send();
  };
}
