// Opens the NATS connection of a process: reconnects forever once up, but fails the start with a
// one-line reason when the server cannot be reached at all. The bus carries passphrases (unlocks,
// per-call signing), so a tier closes it with credentials and TLS; none of them ever appears in a
// message: the server is named without the URL's user and password.
import {
  type ConnectionOptions,
  type NatsConnection,
  connect,
  credsAuthenticator,
  nkeyAuthenticator,
} from 'nats';

/** How this process proves itself to NATS, read by the caller from the operator's files. */
export interface NatsCredentials {
  /** User and password (the URL's `user:pass@` works too). */
  readonly user?: string;
  readonly password?: string;
  /** A server token. */
  readonly token?: string;
  /** A decentralised-auth `.creds` file's text (user JWT and NKey seed). */
  readonly creds?: string;
  /** An NKey user seed (`SU…`). */
  readonly nkeySeed?: string;
  /** TLS: the CA that signed the server's certificate, and this client's certificate and key (PEM). */
  readonly tls?: { readonly ca?: string; readonly cert?: string; readonly key?: string };
}

export async function connectNats(
  url: string,
  name: string,
  credentials: NatsCredentials = {},
): Promise<NatsConnection> {
  try {
    return await connect({
      servers: url,
      name,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 250,
      // A server that vanished without closing the socket (a host or network gone) is noticed after two
      // unanswered pings, 10 s, rather than nats.js's default four minutes: until then every call waits out
      // its timeout instead of being refused at once.
      pingInterval: 5_000,
      maxPingOut: 2,
      timeout: 3000,
      // An async stack trace per request costs a fifth of the gateway's CPU; bus errors are
      // mapped to JSON-RPC errors anyway, so the extra context is never shown.
      noAsyncTraces: true,
      ...authOptions(credentials),
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`cannot connect to NATS at ${withoutCredentials(url)}: ${reason}`);
  }
}

function authOptions(credentials: NatsCredentials): Partial<ConnectionOptions> {
  const options: { -readonly [K in keyof ConnectionOptions]?: ConnectionOptions[K] } = {};
  if (credentials.user !== undefined) options.user = credentials.user;
  if (credentials.password !== undefined) options.pass = credentials.password;
  if (credentials.token !== undefined) options.token = credentials.token;
  if (credentials.creds !== undefined) {
    options.authenticator = credsAuthenticator(new TextEncoder().encode(credentials.creds));
  } else if (credentials.nkeySeed !== undefined) {
    options.authenticator = nkeyAuthenticator(new TextEncoder().encode(credentials.nkeySeed.trim()));
  }
  if (credentials.tls !== undefined) options.tls = { ...credentials.tls };
  return options;
}

/** `nats://user:pass@host:4222,…` → `nats://host:4222,…`: what a log line or an error may name. */
export function withoutCredentials(url: string): string {
  return url
    .split(',')
    .map((server) => server.trim().replace(/^([a-z]+:\/\/)[^@/]*@/i, '$1'))
    .join(',');
}
