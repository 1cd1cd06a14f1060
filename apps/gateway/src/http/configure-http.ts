// Fastify settings Nest does not own. Fastify answers everything but POST / (see
// json-rpc-http-handler.ts); it reads any body as text so a stray POST elsewhere still gets a
// JSON-RPC 404 rather than a media-type error.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';

export function configureHttp(app: NestFastifyApplication, maxBodyBytes: number): void {
  const fastify = app.getHttpAdapter().getInstance();
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', { parseAs: 'string', bodyLimit: maxBodyBytes }, (_request, body, done) =>
    done(null, body),
  );
}
