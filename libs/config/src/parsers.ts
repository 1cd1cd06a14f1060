// Parsers of setting values. Each throws an Error whose message completes "--flag: …".
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import type { Namespace } from '@photon/types';

export interface ListenAddress {
  readonly host: string;
  readonly port: number;
}

export interface ChainId {
  /** The Cosmos chain id as configured, e.g. `photon_9000-1`. */
  readonly cosmos: string;
  /** The EIP-155 chain id, e.g. 9000n. */
  readonly eip155: bigint;
}

export function parsePort(raw: string): number {
  if (!/^\d+$/.test(raw)) throw new Error(`"${raw}" is not a port number`);
  const port = Number(raw);
  if (port < 1 || port > 65535) throw new Error(`port ${raw} is out of range 1-65535`);
  return port;
}

/** `tcp://127.0.0.1:8545`, `http://host:port` or `host:port`. */
export function parseListenAddress(raw: string): ListenAddress {
  const match = /^(?:(?:tcp|http):\/\/)?(\[[^\]]+\]|[^:/]+):(\d+)\/?$/.exec(raw);
  if (match === null) throw new Error(`"${raw}" is not a listen address like tcp://127.0.0.1:8545`);
  return { host: match[1]!.replace(/^\[|\]$/g, ''), port: parsePort(match[2]!) };
}

/** True for hosts only this machine can reach (127.0.0.0/8, ::1, localhost); 0.0.0.0 listens on every interface. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}

/** An engine RPC address: `tcp://host:port` (CometBFT's form) becomes `http://host:port`. */
export function parseEngineUrl(raw: string): URL {
  const normalized = raw.replace(/^tcp:\/\//, 'http://');
  const url = parseUrl(['http:', 'https:'])(normalized);
  if (url.port === '' && !raw.startsWith('http')) throw new Error(`"${raw}" needs a port`);
  return url;
}

export function parseUrl(protocols: readonly string[]) {
  return (raw: string): URL => {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new Error(`"${raw}" is not a URL`);
    }
    if (!protocols.includes(url.protocol)) {
      throw new Error(`"${raw}" must use ${protocols.map((p) => p.replace(':', '://')).join(' or ')}`);
    }
    return url;
  };
}

const COSMOS_CHAIN_ID = /^([a-z][a-z0-9]*)_([1-9][0-9]*)-([1-9][0-9]*)$/;

/** `photon_9000-1` (Cosmos form, EIP-155 id 9000) or a bare positive number. */
export function parseChainId(raw: string): ChainId {
  const cosmos = COSMOS_CHAIN_ID.exec(raw);
  if (cosmos !== null) return { cosmos: raw, eip155: BigInt(cosmos[2]!) };
  if (/^[1-9][0-9]*$/.test(raw)) return { cosmos: raw, eip155: BigInt(raw) };
  throw new Error(`"${raw}" is neither a Cosmos chain id like photon_9000-1 nor a positive number`);
}

const NAMESPACES: readonly Namespace[] = [
  'web3',
  'net',
  'eth',
  'personal',
  'txpool',
  'debug',
  'miner',
  'admin',
];

export function parseNamespaces(raw: string): readonly Namespace[] {
  const names = raw
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  for (const name of names) {
    if (!(NAMESPACES as readonly string[]).includes(name)) {
      throw new Error(`unknown namespace "${name}" (known: ${NAMESPACES.join(', ')})`);
    }
  }
  return [...new Set(names)] as Namespace[];
}

export function parsePositiveInt(raw: string): number {
  if (!/^[1-9][0-9]*$/.test(raw) || !Number.isSafeInteger(Number(raw))) {
    throw new Error(`"${raw}" is not a positive integer`);
  }
  return Number(raw);
}

/** A size in bytes where 0 turns the thing it bounds off. */
export function parseByteBound(raw: string): number {
  if (raw === '0') return 0;
  return parsePositiveInt(raw);
}

/** A gas cap for eth_call/eth_estimateGas: Ethermint's EstimateGas refuses caps below a transfer's 21000. */
export function parseGasCap(raw: string): number {
  const cap = parsePositiveInt(raw);
  if (cap < 21_000) throw new Error(`gas cap ${raw} is below 21000, the gas of a plain transfer`);
  return cap;
}

export function parseList(raw: string): readonly string[] {
  return raw
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

export function parseBoolean(raw: string): boolean {
  if (['true', '1', 'yes'].includes(raw)) return true;
  if (['false', '0', 'no', ''].includes(raw)) return false;
  throw new Error(`"${raw}" is not a boolean`);
}

const LOG_LEVELS = ['error', 'warn', 'log', 'debug', 'verbose'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export function parseLogLevel(raw: string): LogLevel {
  if (!(LOG_LEVELS as readonly string[]).includes(raw)) {
    throw new Error(`"${raw}" is not one of ${LOG_LEVELS.join(', ')}`);
  }
  return raw as LogLevel;
}

const LOG_FORMATS = ['json', 'text'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

export function parseLogFormat(raw: string): LogFormat {
  if (!(LOG_FORMATS as readonly string[]).includes(raw)) {
    throw new Error(`"${raw}" is not one of ${LOG_FORMATS.join(', ')}`);
  }
  return raw as LogFormat;
}

export function parseSubjectPrefix(raw: string): string {
  if (!/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/.test(raw))
    throw new Error(`"${raw}" is not a NATS subject prefix`);
  return raw;
}

const DURATION_UNITS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const;

/** A duration like `100ms`, `1s`, `1.5s`, `2m`, `24h`, or a bare number of milliseconds; returns ms. */
export function parseDurationMs(raw: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(raw.trim());
  if (match === null) throw new Error(`"${raw}" is not a duration like 100ms, 1s or 24h`);
  const value = Number(match[1]) * DURATION_UNITS[(match[2] ?? 'ms') as keyof typeof DURATION_UNITS];
  if (!Number.isFinite(value) || value < 1) throw new Error(`"${raw}" is shorter than 1ms`);
  return Math.round(value);
}

/** A filesystem path, made absolute against the working directory (a relative one is resolved once, at start). */
export function parsePath(raw: string): string {
  if (raw.trim() === '') throw new Error('needs a path');
  return resolve(raw);
}

/** Where the log index starts: a block number, a depth below the head at start (`head-N`), or off. */
export type LogIndexFrom =
  | { readonly kind: 'height'; readonly height: bigint }
  | { readonly kind: 'depth'; readonly blocks: bigint }
  | { readonly kind: 'off' };

/** `1` (a block number), `head-100000` (that many blocks up to the head) or `off`. */
export function parseLogIndexFrom(raw: string): LogIndexFrom {
  if (raw === 'off') return { kind: 'off' };
  const depth = /^head-([1-9][0-9]*)$/.exec(raw);
  if (depth !== null) return { kind: 'depth', blocks: BigInt(depth[1]!) };
  if (/^[1-9][0-9]*$/.test(raw)) return { kind: 'height', height: BigInt(raw) };
  throw new Error(`"${raw}" is neither a block number, head-<blocks> nor off`);
}

const WEI_PER_UNIT = { wei: 1n, gwei: 10n ** 9n, ether: 10n ** 18n } as const;

/**
 * An amount of the chain's EVM coin: a bare whole number of wei (`1000000000000000000`), or a decimal
 * with a unit, `wei`, `gwei` or `ether` (`1ether`, `0.5ether`, `10gwei`); returns wei. Never zero.
 */
export function parseWeiAmount(raw: string): bigint {
  const match = /^(\d+)(?:\.(\d+))?\s*(wei|gwei|ether)?$/.exec(raw.trim());
  if (match === null) throw new Error(`"${raw}" is not an amount like 1ether, 10gwei or a number of wei`);
  const unit = WEI_PER_UNIT[(match[3] ?? 'wei') as keyof typeof WEI_PER_UNIT];
  const fraction = match[2] ?? '';
  const decimals = unit.toString().length - 1;
  if (fraction.replace(/0+$/, '').length > decimals) throw new Error(`"${raw}" has a fraction of a wei`);
  const wei = BigInt(match[1]!) * unit + BigInt(fraction.padEnd(decimals, '0') || '0');
  if (wei === 0n) throw new Error(`"${raw}" is zero`);
  return wei;
}

/** An HTTP path of its own on the gateway's listener: `/faucet`; never `/`, which serves JSON-RPC. */
export function parseHttpPath(raw: string): string {
  if (!/^\/[A-Za-z0-9._~\-/]*$/.test(raw) || raw.includes('//'))
    throw new Error(`"${raw}" is not a path like /faucet`);
  const path = raw.length > 1 ? raw.replace(/\/$/, '') : raw;
  if (['/', '/websocket', '/healthz', '/readyz', '/metrics'].includes(path))
    throw new Error(`"${raw}" is a path the gateway already serves`);
  return path;
}

/** A 20-byte hex address, `0x` and 40 hex digits (any case); returned lowercase. */
export function parseAddress(raw: string): string {
  if (!/^0x[0-9a-fA-F]{40}$/.test(raw))
    throw new Error(`"${raw}" is not an address like 0x… (40 hex digits)`);
  return raw.toLowerCase();
}

/** A count where 0 turns the thing it bounds off (rate limits, connection caps). */
export function parseLimitOrOff(raw: string): number {
  if (raw === '0') return 0;
  return parsePositiveInt(raw);
}

/** `10.0.0.1, 10.1.0.0/16, ::1`: addresses and CIDR blocks, IPv4 or IPv6, each checked. */
export function parseAddressBlocks(raw: string): readonly string[] {
  return parseList(raw).map((item) => {
    const [address = '', prefix, extra] = item.split('/');
    const family = isIP(address);
    const bits = family === 4 ? 32 : 128;
    const prefixOk =
      prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits && extra === undefined);
    if (family === 0 || !prefixOk) throw new Error(`"${item}" is neither an IP address nor a CIDR block`);
    return item;
  });
}

const STORE_DOWN = ['allow', 'local', 'refuse'] as const;
/** What a gateway does with a request while its rate-limit store (Redis) does not answer. */
export type RateLimitStoreDown = (typeof STORE_DOWN)[number];

export function parseRateLimitStoreDown(raw: string): RateLimitStoreDown {
  if (!(STORE_DOWN as readonly string[]).includes(raw)) {
    throw new Error(`"${raw}" is not one of ${STORE_DOWN.join(', ')}`);
  }
  return raw as RateLimitStoreDown;
}

const DEV_ACCOUNTS = ['auto', 'on', 'off'] as const;
/** Whether the keystore holds the ten dev accounts unlocked: auto decides from the engine and listener. */
export type DevAccounts = (typeof DEV_ACCOUNTS)[number];

export function parseDevAccounts(raw: string): DevAccounts {
  if (!(DEV_ACCOUNTS as readonly string[]).includes(raw)) {
    throw new Error(`"${raw}" is not one of ${DEV_ACCOUNTS.join(', ')}`);
  }
  return raw as DevAccounts;
}

/** `photon cluster --gateways`: one gateway, or two to show a client moving between them. */
export function parseGatewayCount(raw: string): number {
  if (raw !== '1' && raw !== '2') throw new Error(`"${raw}" is not 1 or 2`);
  return Number(raw);
}
