// Closing the bus and the store (issue 10, item 6): every cluster service reaches a NATS server that
// demands a user and password, a token, an NKey, a .creds file (decentralised JWT auth) or a client
// certificate, and a Redis that demands an ACL user; wrong credentials stop the start with one line that
// never shows the secret. The servers are this test's own, on
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
import { createHash } from 'node:crypto';
import { nkeys } from 'nats';
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
  /** A gateway started with `args` against the NATS on `port` exits 1 naming it, without `secret`. */
  const expectNatsRefusal = async (args: string[], port: number, secret?: string) => {
    const refused = await refusal(photon(['gateway', '--nats-url', `nats://127.0.0.1:${port}`, ...args]));
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`photon: cannot connect to NATS at nats://127.0.0.1:${port}: `);
    if (secret !== undefined) expect(refused.output).not.toContain(secret);
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

    await expectNatsRefusal([], port);
  });

  it('default: gateway and query reach a NATS that demands a token', async () => {
    const port = await serve('nats-server', ['-a', '127.0.0.1', '-p', '{port}', '--auth', TOKEN]);
    const url = await tier(`nats://127.0.0.1:${port}`, ['--nats-token-file', tokenFile]);
    expect((await rpc<string>(url, 'web3_clientVersion')).result).toMatch(/^Photon\//);
  });

  it('default: gateway and query reach a NATS that demands an NKey; another key is refused', async () => {
    const user = nkeys.createUser();
    const seedFile = join(scratch, 'nkey.seed');
    const otherSeedFile = join(scratch, 'other.seed');
    const seed = new TextDecoder().decode(user.getSeed());
    await writeFile(seedFile, `${seed}\n`, { mode: 0o600 });
    await writeFile(otherSeedFile, new TextDecoder().decode(nkeys.createUser().getSeed()), { mode: 0o600 });
    const config = join(scratch, 'nkey.conf');
    await writeFile(config, `authorization { users = [ { nkey: ${user.getPublicKey()} } ] }\n`);
    const port = await serve('nats-server', ['-a', '127.0.0.1', '-p', '{port}', '-c', config]);
    const url = await tier(`nats://127.0.0.1:${port}`, ['--nats-nkey-seed-file', seedFile]);
    expect((await rpc<string>(url, 'web3_clientVersion')).result).toMatch(/^Photon\//);

    await expectNatsRefusal(['--nats-nkey-seed-file', otherSeedFile], port, seed);
  });

  it('default: gateway and query reach a NATS in operator mode with a .creds file; a stranger is refused', async () => {
    const trust = operatorTrust();
    const config = join(scratch, 'operator.conf');
    await writeFile(config, trust.serverConfig);
    const credsFile = join(scratch, 'user.creds');
    const strangerFile = join(scratch, 'stranger.creds');
    await writeFile(credsFile, trust.userCreds, { mode: 0o600 });
    const strangerTrust = operatorTrust();
    await writeFile(strangerFile, strangerTrust.userCreds, { mode: 0o600 });
    const port = await serve('nats-server', ['-a', '127.0.0.1', '-p', '{port}', '-c', config]);
    const url = await tier(`nats://127.0.0.1:${port}`, ['--nats-creds-file', credsFile]);
    expect((await rpc<string>(url, 'web3_clientVersion')).result).toMatch(/^Photon\//);

    await expectNatsRefusal(['--nats-creds-file', strangerFile], port, strangerTrust.seed);
  });

  it('default: gateway and query reach a NATS that verifies client certificates; none is refused', async () => {
    const ca = makeTestCa(scratch);
    const client = makeClientCert(scratch);
    const port = await serve('nats-server', [
      '-a',
      '127.0.0.1',
      '-p',
      '{port}',
      '--tlsverify',
      '--tlscert',
      ca.serverCert,
      '--tlskey',
      ca.serverKey,
      '--tlscacert',
      ca.caCert,
    ]);
    const url = await tier(`nats://127.0.0.1:${port}`, [
      '--nats-tls-ca-file',
      ca.caCert,
      '--nats-tls-cert-file',
      client.cert,
      '--nats-tls-key-file',
      client.key,
    ]);
    expect((await rpc<string>(url, 'web3_clientVersion')).result).toMatch(/^Photon\//);

    await expectNatsRefusal(['--nats-tls-ca-file', ca.caCert], port);
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

/** A client certificate signed by the CA makeTestCa left in `dir`. */
function makeClientCert(dir: string): { cert: string; key: string } {
  const path = (name: string) => join(dir, name);
  const openssl = (args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  openssl([
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    path('client.key'),
    '-out',
    path('client.csr'),
    '-subj',
    '/CN=photon-client',
  ]);
  openssl([
    'x509',
    '-req',
    '-in',
    path('client.csr'),
    '-CA',
    path('ca.pem'),
    '-CAkey',
    path('ca.key'),
    '-CAcreateserial',
    '-out',
    path('client.pem'),
    '-days',
    '2',
  ]);
  return { cert: path('client.pem'), key: path('client.key') };
}

/**
 * A throwaway NATS operator with one account and one user, as nsc would make them: NATS JWT v2 (header
 * `ed25519-nkey`, claims signed by the issuer's NKey, `jti` the base32 SHA-512/256 of the claims), the
 * server config that trusts the operator and preloads the account, and the user's .creds file.
 */
function operatorTrust(): { serverConfig: string; userCreds: string; seed: string } {
  const operator = nkeys.createOperator();
  const account = nkeys.createAccount();
  const user = nkeys.createUser();
  const jwt = (issuer: ReturnType<typeof nkeys.createUser>, claims: Record<string, unknown>): string => {
    const body: Record<string, unknown> = {
      ...claims,
      iat: Math.floor(Date.now() / 1000),
      iss: issuer.getPublicKey(),
    };
    body['jti'] = base32(createHash('sha512-256').update(JSON.stringify(body)).digest());
    const signed = `${base64Url(JSON.stringify({ typ: 'JWT', alg: 'ed25519-nkey' }))}.${base64Url(JSON.stringify(body))}`;
    return `${signed}.${base64Url(issuer.sign(Buffer.from(signed)))}`;
  };
  const unlimited = {
    subs: -1,
    data: -1,
    payload: -1,
    imports: -1,
    exports: -1,
    wildcards: true,
    conn: -1,
    leaf: -1,
  };
  const operatorJwt = jwt(operator, {
    sub: operator.getPublicKey(),
    name: 'test',
    nats: { type: 'operator', version: 2 },
  });
  const accountJwt = jwt(operator, {
    sub: account.getPublicKey(),
    name: 'photon',
    nats: { type: 'account', version: 2, limits: unlimited, default_permissions: { pub: {}, sub: {} } },
  });
  const userJwt = jwt(account, {
    sub: user.getPublicKey(),
    name: 'photon',
    nats: { type: 'user', version: 2, pub: {}, sub: {}, subs: -1, data: -1, payload: -1 },
  });
  const seed = new TextDecoder().decode(user.getSeed());
  return {
    seed,
    serverConfig: `operator: ${operatorJwt}\nresolver: MEMORY\nresolver_preload: {\n  ${account.getPublicKey()}: ${accountJwt}\n}\n`,
    userCreds:
      `-----BEGIN NATS USER JWT-----\n${userJwt}\n------END NATS USER JWT------\n\n` +
      `-----BEGIN USER NKEY SEED-----\n${seed}\n------END USER NKEY SEED------\n`,
  };
}

const base64Url = (data: string | Uint8Array): string => Buffer.from(data).toString('base64url');

/** RFC 4648 base32 without padding, as NATS JWT ids are. */
function base32(bytes: Uint8Array): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return bits > 0 ? out + alphabet[(value << (5 - bits)) & 31] : out;
}
