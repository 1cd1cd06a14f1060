// Closing the bus and the store (issue 10, item 6): every cluster service reaches a NATS server that
// demands a user and password, or a token, and a Redis that demands an ACL user; wrong credentials
// stop the start with one line that never shows the secret. The servers are this test's own, on
// free ports (the machine's shared servers stay as they are).
import {
  type PhotonProcess,
  freePort,
  rpc,
  spawnPhoton,
  spawnProcess,
  waitFor,
  waitForReady,
} from '@photon/testing';
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

jest.setTimeout(90_000);

const PASSWORD = 'bus-s3cret-Pw';
const TOKEN = 'bus-t0ken-Xy';
const REDIS_PASSWORD = 'store-s3cret-Pw';

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

describe('credentials for the bus and the store', () => {
  const started: { stop(): Promise<void> }[] = [];
  let scratch: string;
  let passwordFile: string;
  let wrongPasswordFile: string;
  let tokenFile: string;

  const serve = async (command: string, args: string[]) => {
    const port = await freePort();
    const proc = spawnProcess(command, [...args.map((a) => a.replace('{port}', String(port)))]);
    started.push(proc);
    await waitFor(() => listening(port), { what: `${command} on ${port}`, timeoutMs: 10_000 });
    return port;
  };
  const photon = (args: string[]): PhotonProcess => {
    const proc = spawnPhoton([...args, '--log-level', 'warn']);
    started.push(proc);
    return proc;
  };
  /** A gateway and a query service on `natsUrl` with `auth`; resolves with the gateway's URL once ready. */
  const tier = async (natsUrl: string, auth: string[]) => {
    const bus = ['--nats-url', natsUrl, ...auth, '--bus-prefix', 'creds'];
    const engine = `tcp://127.0.0.1:${await freePort()}`;
    photon(['query', '--node', engine, ...bus]);
    const port = await freePort();
    const gateway = photon([
      'gateway',
      '--laddr',
      `tcp://127.0.0.1:${port}`,
      '--wsport',
      String(await freePort()),
      '--rpc-api',
      'web3',
      ...bus,
    ]);
    const url = `http://127.0.0.1:${port}`;
    await waitForReady(url, { timeoutMs: 20_000 }, [gateway]);
    return url;
  };
  const refusal = async (proc: PhotonProcess) => {
    const code = await proc.exited;
    return { code, output: proc.output().trim() };
  };

  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'photon-creds-'));
    passwordFile = join(scratch, 'nats-password');
    wrongPasswordFile = join(scratch, 'wrong-password');
    tokenFile = join(scratch, 'nats-token');
    await writeFile(passwordFile, `${PASSWORD}\n`, { mode: 0o600 });
    await writeFile(wrongPasswordFile, 'not-the-password\n', { mode: 0o600 });
    await writeFile(tokenFile, TOKEN, { mode: 0o600 });
  });
  afterAll(async () => {
    await Promise.all(started.reverse().map((proc) => proc.stop()));
    await rm(scratch, { recursive: true, force: true });
  });

  it('default: gateway and query reach a NATS that demands a user and password', async () => {
    const port = await serve('nats-server', [
      '-a',
      '127.0.0.1',
      '-p',
      '{port}',
      '--user',
      'photon',
      '--pass',
      PASSWORD,
    ]);
    const url = await tier(`nats://127.0.0.1:${port}`, [
      '--nats-user',
      'photon',
      '--nats-password-file',
      passwordFile,
    ]);
    expect((await rpc<string>(url, 'web3_clientVersion')).result).toMatch(/^Photon\//);

    const wrong = await refusal(
      photon([
        'query',
        '--nats-url',
        `nats://127.0.0.1:${port}`,
        '--nats-user',
        'photon',
        '--nats-password-file',
        wrongPasswordFile,
      ]),
    );
    expect(wrong.code).toBe(1);
    expect(wrong.output.split('\n').at(-1)).toBe(
      `photon: cannot connect to NATS at nats://127.0.0.1:${port}: 'Authorization Violation'`,
    );
    expect(wrong.output).not.toContain('not-the-password');

    const inUrl = await refusal(photon(['gateway', '--nats-url', `nats://photon:not-it@127.0.0.1:${port}`]));
    expect(inUrl.code).toBe(1);
    expect(inUrl.output).not.toContain('not-it');
    expect(inUrl.output).toContain('Authorization Violation');
  });

  it('default: gateway and query reach a NATS over TLS signed by the CA they are given', async () => {
    const ca = makeTestCa(scratch);
    const port = await serve('nats-server', [
      '-a',
      '127.0.0.1',
      '-p',
      '{port}',
      '--tls',
      '--tlscert',
      ca.serverCert,
      '--tlskey',
      ca.serverKey,
    ]);
    const url = await tier(`nats://127.0.0.1:${port}`, ['--nats-tls-ca-file', ca.caCert]);
    expect((await rpc<string>(url, 'web3_clientVersion')).result).toMatch(/^Photon\//);

    const untrusted = await refusal(photon(['gateway', '--nats-url', `nats://127.0.0.1:${port}`]));
    expect(untrusted.code).toBe(1);
    expect(untrusted.output).toContain(`photon: cannot connect to NATS at nats://127.0.0.1:${port}: `);
  });

  it('default: gateway and query reach a NATS that demands a token', async () => {
    const port = await serve('nats-server', ['-a', '127.0.0.1', '-p', '{port}', '--auth', TOKEN]);
    const url = await tier(`nats://127.0.0.1:${port}`, ['--nats-token-file', tokenFile]);
    expect((await rpc<string>(url, 'web3_clientVersion')).result).toMatch(/^Photon\//);
  });

  it('default: the keystore starts with its unlock sessions in a Redis that demands an ACL user', async () => {
    const natsPort = await serve('nats-server', ['-a', '127.0.0.1', '-p', '{port}']);
    // ACL users go in a config file: on the command line Redis reads `--user` as one name.
    const redisConf = join(scratch, 'redis.conf');
    await writeFile(redisConf, `user default off\nuser photon on >${REDIS_PASSWORD} ~* &* +@all\n`);
    const redisPort = await serve('redis-server', [
      redisConf,
      '--bind',
      '127.0.0.1',
      '--port',
      '{port}',
      '--save',
      '',
      '--appendonly',
      'no',
    ]);
    const kek = join(scratch, 'kek');
    await writeFile(kek, 'ab'.repeat(32), { mode: 0o600 });
    const common = [
      '--nats-url',
      `nats://127.0.0.1:${natsPort}`,
      '--keystore-kek-file',
      kek,
      '--keystore-dir',
      join(scratch, 'keys'),
    ];
    const keystore = photon([
      'keystore',
      ...common,
      '--redis-url',
      `redis://photon:${REDIS_PASSWORD}@127.0.0.1:${redisPort}`,
    ]);
    await waitFor(() => Promise.resolve(/ serving on NATS /.test(keystore.output())), {
      what: 'the keystore to serve',
      timeoutMs: 20_000,
    });

    const wrong = await refusal(
      photon(['keystore', ...common, '--redis-url', `redis://photon:nope-pw@127.0.0.1:${redisPort}`]),
    );
    expect(wrong.code).toBe(1);
    expect(wrong.output).not.toContain('nope-pw');
    expect(wrong.output).toMatch(
      new RegExp(`^photon: cannot connect to Redis at redis://127.0.0.1:${redisPort}: `),
    );
  });

  it('error: a password file that cannot be read names the flag', async () => {
    const missing = join(scratch, 'missing');
    const result = await refusal(
      photon(['gateway', '--nats-user', 'photon', '--nats-password-file', missing]),
    );
    expect(result.code).toBe(2);
    expect(result.output).toBe(`photon: --nats-password-file: cannot read ${missing} (ENOENT)`);
  });
});

/** A throwaway CA and a server certificate for 127.0.0.1 and localhost, made with openssl. */
function makeTestCa(dir: string): { caCert: string; serverCert: string; serverKey: string } {
  const path = (name: string) => join(dir, name);
  const openssl = (args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  openssl([
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    path('ca.key'),
    '-out',
    path('ca.pem'),
    '-days',
    '2',
    '-subj',
    '/CN=photon test CA',
  ]);
  openssl([
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    path('server.key'),
    '-out',
    path('server.csr'),
    '-subj',
    '/CN=127.0.0.1',
  ]);
  execFileSync('sh', ['-c', `printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\\n' > '${path('ext')}'`]);
  openssl([
    'x509',
    '-req',
    '-in',
    path('server.csr'),
    '-CA',
    path('ca.pem'),
    '-CAkey',
    path('ca.key'),
    '-CAcreateserial',
    '-out',
    path('server.pem'),
    '-days',
    '2',
    '-extfile',
    path('ext'),
  ]);
  return { caCert: path('ca.pem'), serverCert: path('server.pem'), serverKey: path('server.key') };
}
