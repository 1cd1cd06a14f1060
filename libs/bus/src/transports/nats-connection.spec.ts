// What an error or a log line may say about a NATS URL: never its user, password or token.
import { withoutCredentials } from './nats-connection';

describe(withoutCredentials.name, () => {
  it('behavior: drops user:pass@ and token@ from every server of the list', () => {
    expect(withoutCredentials('nats://photon:s3cret@10.0.0.1:4222, tls://t0ken@nats:4443')).toBe(
      'nats://10.0.0.1:4222,tls://nats:4443',
    );
  });

  it('default: a URL without credentials is kept', () => {
    expect(withoutCredentials('nats://127.0.0.1:4222')).toBe('nats://127.0.0.1:4222');
  });
});
