// Every setting Photon reads, defined once. The seed's flag names (--laddr, --wsport, --rpc-api,
// --chain-id, --node, --unlock-key) are kept; defaults follow geth's (the README's limits and flags tables).
import { option } from './option-spec';
import type { DevAccounts, ListenAddress, LogIndexFrom, RateLimitStoreDown } from './parsers';
import {
  parseAddress,
  parseAddressBlocks,
  parseBoolean,
  parseChainId,
  parseDevAccounts,
  parseGatewayCount,
  parseDurationMs,
  parseEngineUrl,
  parseByteBound,
  parseGasCap,
  parseHttpPath,
  parseLimitOrOff,
  parseListenAddress,
  parseList,
  parseLogIndexFrom,
  parseLogFormat,
  parseLogLevel,
  parseNamespaces,
  parsePath,
  parsePort,
  parsePositiveInt,
  parseRateLimitStoreDown,
  parseSubjectPrefix,
  parseUrl,
  parseWeiAmount,
} from './parsers';

const MiB = 1024 * 1024;

/** `value`, refused past `max` (named `maxText` in the message). */
function atMost(value: number, max: number, maxText: string): number {
  if (value > max) throw new Error(`is longer than ${maxText}`);
  return value;
}

export const OPTIONS = {
  laddr: option({
    flag: 'laddr',
    env: 'PHOTON_LADDR',
    description: 'HTTP JSON-RPC listen address',
    default: parseListenAddress('tcp://127.0.0.1:8545'),
    defaultText: 'tcp://127.0.0.1:8545',
    parse: parseListenAddress,
  }),
  wsport: option({
    flag: 'wsport',
    env: 'PHOTON_WSPORT',
    description: 'websocket JSON-RPC port (same host as --laddr, path /)',
    default: 8546,
    parse: parsePort,
  }),
  rpcApi: option({
    flag: 'rpc-api',
    env: 'PHOTON_RPC_API',
    description: 'namespaces exposed to clients, comma separated',
    default: parseNamespaces('web3,eth,net'),
    defaultText: 'web3,eth,net',
    parse: parseNamespaces,
  }),
  chainId: option({
    flag: 'chain-id',
    env: 'PHOTON_CHAIN_ID',
    description: 'chain id, Cosmos form (photon_9000-1) or a bare EIP-155 number',
    default: parseChainId('photon_9000-1'),
    defaultText: 'photon_9000-1',
    parse: parseChainId,
  }),
  node: option({
    flag: 'node',
    env: 'PHOTON_NODE',
    description: 'CometBFT RPC address of the engine',
    default: parseEngineUrl('tcp://localhost:26657'),
    defaultText: 'tcp://localhost:26657',
    parse: parseEngineUrl,
  }),
  nodeOrEmbedded: option<URL | null>({
    flag: 'node',
    env: 'PHOTON_NODE',
    description: 'CometBFT RPC of the engine; without it, photon start runs its own devnet',
    default: null,
    defaultText: 'the embedded devnet',
    parse: parseEngineUrl,
  }),
  devnetLaddr: option({
    flag: 'devnet-laddr',
    env: 'PHOTON_DEVNET_LADDR',
    description: "the devnet's CometBFT RPC listen address",
    default: parseListenAddress('tcp://127.0.0.1:26657'),
    defaultText: 'tcp://127.0.0.1:26657',
    parse: parseListenAddress,
  }),
  blockTimeMs: option({
    flag: 'block-time',
    env: 'PHOTON_BLOCK_TIME',
    description: 'devnet block interval (100ms, 1s, …)',
    default: 1000,
    defaultText: '1s',
    parse: parseDurationMs,
  }),
  allowUnprotectedTxs: option({
    flag: 'allow-unprotected-txs',
    env: 'PHOTON_ALLOW_UNPROTECTED_TXS',
    description: 'accept pre-EIP-155 (unprotected) transactions (the devnet and the tx service)',
    default: false,
    boolean: true,
    parse: parseBoolean,
  }),
  dataDir: option<string | null>({
    flag: 'data-dir',
    env: 'PHOTON_DATA_DIR',
    description: 'directory keeping the devnet chain across restarts (created if missing)',
    default: null,
    defaultText: 'none (the devnet lives in memory)',
    parse: parsePath,
  }),
  unlockKey: option({
    flag: 'unlock-key',
    env: 'PHOTON_UNLOCK_KEY',
    description: 'keys to unlock until the tier stops, by address or key file name (needs --passphrase-file)',
    default: [] as readonly string[],
    defaultText: 'none',
    parse: parseList,
  }),
  passphraseFile: option<string | null>({
    flag: 'passphrase-file',
    env: 'PHOTON_PASSPHRASE_FILE',
    description: 'passphrases of the --unlock-key keys, one per line, in the same order',
    default: null,
    defaultText: 'none',
    parse: parsePath,
  }),
  importKeyFile: option<string | null>({
    flag: 'import-key-file',
    env: 'PHOTON_IMPORT_KEY_FILE',
    description:
      'raw private keys (hex, one per line) imported at start unless the keystore holds them, key i under --passphrase-file line i',
    default: null,
    defaultText: 'none',
    parse: parsePath,
  }),
  keystoreDir: option<string | null>({
    flag: 'keystore-dir',
    env: 'PHOTON_KEYSTORE_DIR',
    description: 'directory of the Web3 Secret Storage (v3) key files, geth-compatible',
    default: null,
    defaultText:
      '<--data-dir>/keystore; else, photon start with its own devnet: memory; else ~/.photon/keystore',
    parse: parsePath,
  }),
  keystoreKekFile: option({
    flag: 'keystore-kek-file',
    env: 'PHOTON_KEYSTORE_KEK_FILE',
    description:
      'file holding the 32-byte key-encryption key of unlock sessions (raw or hex); same on every replica',
    default: undefined,
    parse: parsePath,
  }),
  keystoreKekFileOrEphemeral: option<string | null>({
    flag: 'keystore-kek-file',
    env: 'PHOTON_KEYSTORE_KEK_FILE',
    description: 'file holding the 32-byte key-encryption key of unlock sessions (raw or hex)',
    default: null,
    defaultText: 'a random key made at start, kept in memory',
    parse: parsePath,
  }),
  lightKdf: option({
    flag: 'lightkdf',
    env: 'PHOTON_LIGHTKDF',
    description: "cheaper scrypt for new key files (geth's --lightkdf), for tests and devnets",
    default: false,
    boolean: true,
    parse: parseBoolean,
  }),
  allowInsecureUnlock: option({
    flag: 'allow-insecure-unlock',
    env: 'PHOTON_ALLOW_INSECURE_UNLOCK',
    description:
      'let unlocked accounts sign (and personal_unlockAccount) for calls through a non-loopback gateway; set where keys are signed',
    default: false,
    boolean: true,
    parse: parseBoolean,
  }),
  keystoreDevAccounts: option<DevAccounts>({
    flag: 'dev-accounts',
    env: 'PHOTON_DEV_ACCOUNTS',
    description:
      "`photon keystore`: on holds the devnet's ten dev accounts unlocked until the tier stops (photon cluster sets it with its own devnet); auto and off: not",
    default: 'off',
    parse: parseDevAccounts,
  }),
  devAccounts: option<DevAccounts>({
    flag: 'dev-accounts',
    env: 'PHOTON_DEV_ACCOUNTS',
    description:
      'the ten dev accounts in the keystore, unlocked until exit: auto (with the embedded devnet on a loopback listener and no --keystore-dir), on or off',
    default: 'auto',
    parse: parseDevAccounts,
  }),
  unlockFailures: option({
    flag: 'unlock-failures',
    env: 'PHOTON_UNLOCK_FAILURES',
    description:
      'failed passphrases (per account, per client address) before further attempts are refused for a delay doubling from 1s; 0 = no backoff',
    default: 5,
    parse: parseLimitOrOff,
  }),
  unlockBackoffMaxMs: option({
    flag: 'unlock-backoff-max',
    env: 'PHOTON_UNLOCK_BACKOFF_MAX',
    description: 'the longest refusal after failed passphrases',
    default: 60_000,
    defaultText: '60s',
    parse: parseDurationMs,
  }),
  natsUrl: option({
    flag: 'nats-url',
    env: 'PHOTON_NATS_URL',
    description: 'NATS server of the cluster bus',
    default: parseUrl(['nats:', 'tls:'])('nats://127.0.0.1:4222'),
    defaultText: 'nats://127.0.0.1:4222',
    parse: parseUrl(['nats:', 'tls:']),
  }),
  redisUrl: option({
    flag: 'redis-url',
    env: 'PHOTON_REDIS_URL',
    description: 'Redis of the cluster (filters, unlock sessions)',
    default: parseUrl(['redis:', 'rediss:'])('redis://127.0.0.1:6379'),
    defaultText: 'redis://127.0.0.1:6379',
    parse: parseUrl(['redis:', 'rediss:']),
  }),
  natsUser: option<string | null>({
    flag: 'nats-user',
    env: 'PHOTON_NATS_USER',
    description: 'NATS user name (its password from --nats-password-file)',
    default: null,
    defaultText: 'none',
    parse: (raw) => raw,
  }),
  natsPasswordFile: option<string | null>({
    flag: 'nats-password-file',
    env: 'PHOTON_NATS_PASSWORD_FILE',
    description: 'file holding the NATS password of --nats-user',
    default: null,
    defaultText: 'none',
    parse: parsePath,
  }),
  natsTokenFile: option<string | null>({
    flag: 'nats-token-file',
    env: 'PHOTON_NATS_TOKEN_FILE',
    description: 'file holding a NATS server token',
    default: null,
    defaultText: 'none',
    parse: parsePath,
  }),
  natsCredsFile: option<string | null>({
    flag: 'nats-creds-file',
    env: 'PHOTON_NATS_CREDS_FILE',
    description: 'NATS .creds file (user JWT and NKey seed, decentralised auth)',
    default: null,
    defaultText: 'none',
    parse: parsePath,
  }),
  natsNkeySeedFile: option<string | null>({
    flag: 'nats-nkey-seed-file',
    env: 'PHOTON_NATS_NKEY_SEED_FILE',
    description: 'file holding a NATS NKey user seed (SU…)',
    default: null,
    defaultText: 'none',
    parse: parsePath,
  }),
  natsTlsCaFile: option<string | null>({
    flag: 'nats-tls-ca-file',
    env: 'PHOTON_NATS_TLS_CA_FILE',
    description: 'PEM CA that signed the NATS server certificate (turns TLS on)',
    default: null,
    defaultText: 'none',
    parse: parsePath,
  }),
  natsTlsCertFile: option<string | null>({
    flag: 'nats-tls-cert-file',
    env: 'PHOTON_NATS_TLS_CERT_FILE',
    description: 'PEM client certificate for NATS (with --nats-tls-key-file)',
    default: null,
    defaultText: 'none',
    parse: parsePath,
  }),
  natsTlsKeyFile: option<string | null>({
    flag: 'nats-tls-key-file',
    env: 'PHOTON_NATS_TLS_KEY_FILE',
    description: 'PEM key of the NATS client certificate',
    default: null,
    defaultText: 'none',
    parse: parsePath,
  }),
  redisTlsCaFile: option<string | null>({
    flag: 'redis-tls-ca-file',
    env: 'PHOTON_REDIS_TLS_CA_FILE',
    description: 'PEM CA that signed the Redis server certificate (for rediss:// URLs)',
    default: null,
    defaultText: 'none',
    parse: parsePath,
  }),
  redisTlsCertFile: option<string | null>({
    flag: 'redis-tls-cert-file',
    env: 'PHOTON_REDIS_TLS_CERT_FILE',
    description: 'PEM client certificate for Redis (with --redis-tls-key-file)',
    default: null,
    defaultText: 'none',
    parse: parsePath,
  }),
  redisTlsKeyFile: option<string | null>({
    flag: 'redis-tls-key-file',
    env: 'PHOTON_REDIS_TLS_KEY_FILE',
    description: 'PEM key of the Redis client certificate',
    default: null,
    defaultText: 'none',
    parse: parsePath,
  }),
  busPrefix: option({
    flag: 'bus-prefix',
    env: 'PHOTON_BUS_PREFIX',
    description: 'NATS subject and Redis key prefix; tiers sharing a NATS or Redis server need distinct ones',
    default: 'photon',
    parse: parseSubjectPrefix,
  }),
  busPrefixOrFresh: option<string | null>({
    flag: 'bus-prefix',
    env: 'PHOTON_BUS_PREFIX',
    description: "the cluster's NATS subject and Redis key prefix",
    default: null,
    defaultText: 'a fresh one per run, pruned at exit',
    parse: parseSubjectPrefix,
  }),
  busPrefixToPrune: option({
    flag: 'bus-prefix',
    env: 'PHOTON_BUS_PREFIX',
    description: 'the prefix whose Redis keys and JetStream streams are removed',
    default: undefined,
    parse: parseSubjectPrefix,
  }),
  queryReplicas: option({
    flag: 'query-replicas',
    env: 'PHOTON_QUERY_REPLICAS',
    description: '`photon cluster`: how many query service processes',
    default: 2,
    parse: parsePositiveInt,
  }),
  gateways: option({
    flag: 'gateways',
    env: 'PHOTON_GATEWAYS',
    description:
      '`photon cluster`: how many gateway processes (1 or 2); the second listens on the --laddr and --wsport ports + 2',
    default: 1,
    parse: parseGatewayCount,
  }),
  corsOrigins: option({
    flag: 'cors-origins',
    env: 'PHOTON_CORS_ORIGINS',
    description: 'origins allowed by CORS, comma separated, * for any',
    default: [] as readonly string[],
    defaultText: 'none',
    parse: parseList,
  }),
  wsOrigins: option({
    flag: 'ws-origins',
    env: 'PHOTON_WS_ORIGINS',
    description: 'browser origins allowed to open the websockets, comma separated, * for any',
    default: [] as readonly string[],
    defaultText: 'this machine: http://localhost, http://127.0.0.1, http://<hostname>, any port',
    parse: parseList,
  }),
  httpVhosts: option({
    flag: 'http-vhosts',
    env: 'PHOTON_HTTP_VHOSTS',
    description: 'Host header names served (IP literals always are), comma separated, * for any',
    default: ['localhost'] as readonly string[],
    defaultText: 'localhost',
    parse: parseList,
  }),
  maxBodyBytes: option({
    flag: 'max-body-bytes',
    env: 'PHOTON_MAX_BODY_BYTES',
    description: 'largest HTTP request body',
    default: 5 * MiB,
    parse: parsePositiveInt,
  }),
  maxBatchItems: option({
    flag: 'max-batch-items',
    env: 'PHOTON_MAX_BATCH_ITEMS',
    description: 'most calls in one batch',
    default: 1000,
    parse: parsePositiveInt,
  }),
  maxBatchResponseBytes: option({
    flag: 'max-batch-response-bytes',
    env: 'PHOTON_MAX_BATCH_RESPONSE_BYTES',
    description: 'largest batch response',
    default: 25_000_000,
    parse: parsePositiveInt,
  }),
  wsMaxMessageBytes: option({
    flag: 'ws-max-message-bytes',
    env: 'PHOTON_WS_MAX_MESSAGE_BYTES',
    description: 'largest websocket message',
    default: 32 * MiB,
    parse: parsePositiveInt,
  }),
  wsPingSeconds: option({
    flag: 'ws-ping-seconds',
    env: 'PHOTON_WS_PING_SECONDS',
    description: 'websocket ping interval; a peer that misses a pong is dropped',
    default: 30,
    parse: parsePositiveInt,
  }),
  rateLimit: option({
    flag: 'rate-limit',
    env: 'PHOTON_RATE_LIMIT',
    description:
      'cost units one client address may spend per --rate-limit-window (each batch item counts; eth_call 10, eth_getLogs 20, most reads 1); 0 = off',
    default: 0,
    parse: parseLimitOrOff,
  }),
  rateLimitWindowMs: option({
    flag: 'rate-limit-window',
    env: 'PHOTON_RATE_LIMIT_WINDOW',
    description: 'the window of --rate-limit and of the --api-keys-file limits',
    default: 60_000,
    defaultText: '1m',
    parse: parseDurationMs,
  }),
  trustedProxies: option({
    flag: 'trusted-proxies',
    env: 'PHOTON_TRUSTED_PROXIES',
    description:
      'IPs/CIDRs of proxies whose X-Forwarded-For names the client (rightmost address not itself trusted)',
    default: [] as readonly string[],
    defaultText: 'none',
    parse: parseAddressBlocks,
  }),
  apiKeysFile: option<string | null>({
    flag: 'api-keys-file',
    env: 'PHOTON_API_KEYS_FILE',
    description:
      'file of API keys, one "key limit" per line (limit per window, 0 = unlimited); a call with X-Api-Key is counted per key, an unknown key is refused',
    default: null,
    defaultText: 'none',
    parse: parsePath,
  }),
  wsMaxConnectionsPerIp: option({
    flag: 'ws-max-connections-per-ip',
    env: 'PHOTON_WS_MAX_CONNECTIONS_PER_IP',
    description: 'most open websockets of one client address on one gateway (429 past it); 0 = no cap',
    default: 100,
    parse: parseLimitOrOff,
  }),
  httpReadTimeoutMs: option({
    flag: 'http-read-timeout',
    env: 'PHOTON_HTTP_READ_TIMEOUT',
    description:
      'most time to receive a whole HTTP request, headers and body (geth --http.readtimeout); past it: 408 and the connection is closed',
    default: 30_000,
    defaultText: '30s',
    parse: parseDurationMs,
  }),
  httpWriteTimeoutMs: option({
    flag: 'http-write-timeout',
    env: 'PHOTON_HTTP_WRITE_TIMEOUT',
    description:
      'most time an HTTP answer may take to reach a client that reads it slowly (geth --http.writetimeout); past it the connection is cut',
    default: 30_000,
    defaultText: '30s',
    parse: parseDurationMs,
  }),
  httpIdleTimeoutMs: option({
    flag: 'http-idle-timeout',
    env: 'PHOTON_HTTP_IDLE_TIMEOUT',
    description: 'how long an idle keep-alive HTTP connection stays open (geth --http.idletimeout)',
    default: 120_000,
    defaultText: '120s',
    parse: parseDurationMs,
  }),
  httpMaxConnectionsPerIp: option({
    flag: 'http-max-connections-per-ip',
    env: 'PHOTON_HTTP_MAX_CONNECTIONS_PER_IP',
    description:
      'most open HTTP connections of one client address on one gateway (past it: HTTP 429, -32005); 0 = no cap',
    default: 200,
    parse: parseLimitOrOff,
  }),
  wsCriteriaBytesPerConnection: option({
    flag: 'ws-criteria-bytes-per-connection',
    env: 'PHOTON_WS_CRITERIA_BYTES_PER_CONNECTION',
    description:
      'most logs-subscription criteria one websocket may hold, in bytes of hex (42 per address, 66 per topic)',
    default: 4 * MiB,
    parse: parsePositiveInt,
  }),
  wsMaxUnsentBytes: option({
    flag: 'ws-max-unsent-bytes',
    env: 'PHOTON_WS_MAX_UNSENT_BYTES',
    description:
      'most bytes one websocket may owe its client (replies and notifications it has not read): reading its requests pauses past a quarter of it, a frame past it closes the socket with 1008',
    default: 16 * MiB,
    parse: parsePositiveInt,
  }),
  wsMaxCallsInFlight: option({
    flag: 'ws-max-calls-in-flight',
    env: 'PHOTON_WS_MAX_CALLS_IN_FLIGHT',
    description:
      'calls (batch items count one each) one websocket may have in flight; past them its requests wait unread',
    default: 1_000,
    parse: parsePositiveInt,
  }),
  wsMaxBatchesInFlight: option({
    flag: 'ws-max-batches-in-flight',
    env: 'PHOTON_WS_MAX_BATCHES_IN_FLIGHT',
    description:
      'batches one websocket may have in flight at once; while it has them its requests wait unread',
    default: 2,
    parse: parsePositiveInt,
  }),
  wsCriteriaBytesPerIp: option({
    flag: 'ws-criteria-bytes-per-ip',
    env: 'PHOTON_WS_CRITERIA_BYTES_PER_IP',
    description:
      'most logs-subscription criteria the websockets of one client address may hold on one gateway',
    default: 16 * MiB,
    parse: parsePositiveInt,
  }),
  rateLimitStoreDown: option<RateLimitStoreDown>({
    flag: 'rate-limit-store-down',
    env: 'PHOTON_RATE_LIMIT_STORE_DOWN',
    description:
      'while Redis does not answer: local (count in this gateway alone), allow (no limit) or refuse (JSON-RPC error)',
    default: 'local',
    parse: parseRateLimitStoreDown,
  }),
  filterTimeoutMs: option({
    flag: 'filter-timeout',
    env: 'PHOTON_FILTER_TIMEOUT',
    description: 'a polling filter not polled for this long is removed (geth: 5m)',
    default: 300_000,
    defaultText: '5m',
    parse: parseDurationMs,
  }),
  filterCap: option({
    flag: 'filter-cap',
    env: 'PHOTON_FILTER_CAP',
    description: 'most live polling filters of the whole tier',
    default: 10_000,
    parse: parsePositiveInt,
  }),
  filterCapPerClient: option({
    flag: 'filter-cap-per-client',
    env: 'PHOTON_FILTER_CAP_PER_CLIENT',
    description: 'most live polling filters of one client address (Ethermint: 200 per node)',
    default: 200,
    parse: parsePositiveInt,
  }),
  filterCriteriaBytesPerClient: option({
    flag: 'filter-criteria-bytes-per-client',
    env: 'PHOTON_FILTER_CRITERIA_BYTES_PER_CLIENT',
    description:
      'most log-filter criteria the live polling filters of one client address may hold, in bytes of hex (42 per address, 66 per topic)',
    default: 16 * MiB,
    parse: parsePositiveInt,
  }),
  engineQueriesPerClient: option({
    flag: 'engine-queries-per-client',
    env: 'PHOTON_ENGINE_QUERIES_PER_CLIENT',
    description:
      'most distinct /websocket queries the connections of one client address may follow over the tier (each gateway and the events leader check it)',
    default: 10,
    parse: parsePositiveInt,
  }),
  engineWsClients: option({
    flag: 'engine-ws-clients',
    env: 'PHOTON_ENGINE_WS_CLIENTS',
    description:
      "most connections to one gateway's engine-event websocket /websocket (CometBFT: 100 per node)",
    default: 10_000,
    parse: parsePositiveInt,
  }),
  engineWsSubscriptionsPerClient: option({
    flag: 'engine-ws-subscriptions-per-client',
    env: 'PHOTON_ENGINE_WS_SUBSCRIPTIONS_PER_CLIENT',
    description: 'most subscribe queries of one /websocket connection (CometBFT: 5)',
    default: 5,
    parse: parsePositiveInt,
  }),
  engineQueries: option({
    flag: 'engine-queries',
    env: 'PHOTON_ENGINE_QUERIES',
    description:
      'most distinct /websocket queries the tier subscribes to at the engine, each shared by all its clients',
    default: 100,
    parse: parsePositiveInt,
  }),
  engineSubscriptionsPerConnection: option({
    flag: 'engine-subscriptions-per-connection',
    env: 'PHOTON_ENGINE_SUBSCRIPTIONS_PER_CONNECTION',
    description: "queries one upstream engine websocket carries: the engine's max_subscriptions_per_client",
    default: 5,
    parse: parsePositiveInt,
  }),
  maxTracesInFlight: option({
    flag: 'max-traces-in-flight',
    env: 'PHOTON_MAX_TRACES_IN_FLIGHT',
    description:
      'debug_trace* calls one query service replica runs on the engine at once; as many more wait, beyond that a call is refused (-32005)',
    default: 4,
    parse: parsePositiveInt,
  }),
  maxTraceBytes: option({
    flag: 'max-trace-bytes',
    env: 'PHOTON_MAX_TRACE_BYTES',
    description:
      'largest debug_trace* result (JSON bytes); a larger one is refused (-32005), to be narrowed with limit, disableStack, disableStorage or a native tracer',
    default: 25_000_000,
    parse: parsePositiveInt,
  }),
  engineBatch: option({
    flag: 'engine-batch',
    env: 'PHOTON_ENGINE_BATCH',
    description:
      "most engine reads the query service sends as one CometBFT JSON-RPC batch (those made in the same turn of its event loop); 1 sends each alone; at most the engine's max_request_batch_size (CometBFT: 10)",
    default: 10,
    parse: parsePositiveInt,
  }),
  logsMaxBlockRange: option({
    flag: 'logs-max-block-range',
    env: 'PHOTON_LOGS_MAX_BLOCK_RANGE',
    description: 'most blocks one eth_getLogs may span; the error names a range that fits',
    default: 10_000,
    parse: parsePositiveInt,
  }),
  logsMaxResults: option({
    flag: 'logs-max-results',
    env: 'PHOTON_LOGS_MAX_RESULTS',
    description: 'most logs one eth_getLogs may return; the error names a range that fits',
    default: 10_000,
    parse: parsePositiveInt,
  }),
  logIndexFrom: option<LogIndexFrom | null>({
    flag: 'log-index-from',
    env: 'PHOTON_LOG_INDEX_FROM',
    description:
      'first block of the eth_getLogs index the events leader backfills: a number, head-<blocks> or off',
    default: null,
    defaultText: 'genesis with the embedded devnet, else head-100000',
    parse: parseLogIndexFrom,
  }),
  rpcGasCap: option({
    flag: 'rpc-gas-cap',
    env: 'PHOTON_RPC_GAS_CAP',
    description: 'most gas one eth_call or eth_estimateGas may use (at least 21000, as Ethermint requires)',
    default: 25_000_000,
    parse: parseGasCap,
  }),
  queryCacheBytes: option({
    flag: 'query-cache-bytes',
    env: 'PHOTON_QUERY_CACHE_BYTES',
    description:
      'bytes of answers the query service keeps at committed heights (calls, logs, state at a named block); 0 = off',
    default: 32 * 1024 * 1024,
    parse: parseByteBound,
  }),
  faucetPath: option<string | null>({
    flag: 'faucet-path',
    env: 'PHOTON_FAUCET_PATH',
    description: 'HTTP path of the test-network faucet on the gateway listener (POST {"address":"0x…"})',
    default: null,
    defaultText: 'off',
    parse: parseHttpPath,
  }),
  faucetKey: option<string | null>({
    flag: 'faucet-key',
    env: 'PHOTON_FAUCET_KEY',
    description: 'address of the keystore account the faucet sends from (unlock it with --unlock-key)',
    default: null,
    defaultText: 'none (the faucet answers 503)',
    parse: parseAddress,
  }),
  faucetAmount: option({
    flag: 'faucet-amount',
    env: 'PHOTON_FAUCET_AMOUNT',
    description:
      'what one faucet request sends: wei, or a decimal with wei, gwei or ether (1ether, 0.5ether)',
    default: 10n ** 18n,
    defaultText: '1ether',
    parse: parseWeiAmount,
  }),
  faucetCooldownMs: option({
    flag: 'faucet-cooldown',
    env: 'PHOTON_FAUCET_COOLDOWN',
    description: 'wait before the faucet sends to the same address, or for the same client IP, again',
    default: 24 * 3_600_000,
    defaultText: '24h',
    parse: parseDurationMs,
  }),
  txRebroadcastBlocks: option({
    flag: 'tx-rebroadcast-blocks',
    env: 'PHOTON_TX_REBROADCAST_BLOCKS',
    description:
      'blocks a kept tx may stay unmined and out of the engine mempool listing before it is sent again (a tx the engine lost in a restart goes at once)',
    default: 3,
    parse: parsePositiveInt,
  }),
  txRebroadcastTries: option({
    flag: 'tx-rebroadcast-tries',
    env: 'PHOTON_TX_REBROADCAST_TRIES',
    description: 'refusals of a kept tx sent again (funds, fees, a nonce gap) before it is dropped',
    default: 10,
    parse: parsePositiveInt,
  }),
  txSyncTimeoutMs: option({
    flag: 'tx-sync-timeout',
    env: 'PHOTON_TX_SYNC_TIMEOUT',
    description:
      "eth_sendRawTransactionSync's wait for the receipt when the call names none (EIP-7966 recommends 2s)",
    default: 2_000,
    defaultText: '2s',
    parse: parseDurationMs,
  }),
  txSyncMaxTimeoutMs: option({
    flag: 'tx-sync-max-timeout',
    env: 'PHOTON_TX_SYNC_MAX_TIMEOUT',
    description:
      'the longest wait an eth_sendRawTransactionSync call may ask for (longer asks wait this long); at most 15s, so the submission and the wait fit the 28s submit class',
    default: 15_000,
    defaultText: '15s',
    parse: (raw) => atMost(parseDurationMs(raw), 15_000, '15s'),
  }),
  txSyncMaxWaits: option({
    flag: 'tx-sync-max-waits',
    env: 'PHOTON_TX_SYNC_MAX_WAITS',
    description:
      'eth_sendRawTransactionSync calls one tx replica holds waiting at once; past it a call is refused (-32005) before its tx is sent',
    default: 256,
    parse: parsePositiveInt,
  }),
  txpoolLifetimeMs: option({
    flag: 'txpool-lifetime',
    env: 'PHOTON_TXPOOL_LIFETIME',
    description: "how long an accepted tx is kept (and sent again) until mined (geth's --txpool.lifetime)",
    default: 3 * 3_600_000,
    defaultText: '3h',
    parse: parseDurationMs,
  }),
  opsLaddr: option<ListenAddress | null>({
    flag: 'ops-laddr',
    env: 'PHOTON_OPS_LADDR',
    description: 'listen address of the ops HTTP listener (GET /healthz, /readyz, /metrics)',
    default: null,
    defaultText: 'off (no ops listener)',
    parse: parseListenAddress,
  }),
  logLevel: option({
    flag: 'log-level',
    env: 'PHOTON_LOG_LEVEL',
    description: 'error, warn, log, debug or verbose',
    default: 'log' as const,
    parse: parseLogLevel,
  }),
  logFormat: option({
    flag: 'log-format',
    env: 'PHOTON_LOG_FORMAT',
    description: 'json (one object a line, for a log collector) or text',
    default: 'json' as const,
    parse: parseLogFormat,
  }),
  /** `photon start` and `photon devnet` run on a laptop: a person reads their output. */
  logFormatText: option({
    flag: 'log-format',
    env: 'PHOTON_LOG_FORMAT',
    description: 'text or json (one object a line, for a log collector)',
    default: 'text' as const,
    parse: parseLogFormat,
  }),
  shutdownGraceMs: option({
    flag: 'shutdown-grace',
    env: 'PHOTON_SHUTDOWN_GRACE',
    description:
      'on SIGTERM, how long the gateway lets requests in flight finish before it closes their connections',
    default: 20_000,
    defaultText: '20s',
    parse: parseDurationMs,
  }),
  quiet: option({
    flag: 'quiet',
    env: 'PHOTON_QUIET',
    description: 'log only warnings and errors',
    default: false,
    boolean: true,
    parse: parseBoolean,
  }),
} as const;

const { laddr, wsport, rpcApi, chainId, node, unlockKey, natsUrl, redisUrl, busPrefix } = OPTIONS;
const { wsOrigins, httpVhosts } = OPTIONS;
const {
  rateLimit,
  rateLimitWindowMs,
  trustedProxies,
  apiKeysFile,
  wsMaxConnectionsPerIp,
  wsCriteriaBytesPerConnection,
  wsCriteriaBytesPerIp,
  rateLimitStoreDown,
} = OPTIONS;
const { wsMaxUnsentBytes, wsMaxCallsInFlight, wsMaxBatchesInFlight } = OPTIONS;
const { httpReadTimeoutMs, httpWriteTimeoutMs, httpIdleTimeoutMs, httpMaxConnectionsPerIp } = OPTIONS;
const { corsOrigins, maxBodyBytes, maxBatchItems, maxBatchResponseBytes, wsMaxMessageBytes } = OPTIONS;
const { wsPingSeconds, logLevel, quiet, nodeOrEmbedded, devnetLaddr, blockTimeMs, allowUnprotectedTxs } =
  OPTIONS;
const { dataDir } = OPTIONS;
const { logsMaxBlockRange, logsMaxResults, logIndexFrom } = OPTIONS;
/** eth_getLogs caps: the query service reads them, in `photon query` and `photon start` alike. */
const LOG_LIMITS = { logsMaxBlockRange, logsMaxResults } as const;
const { filterTimeoutMs, filterCap, filterCapPerClient, filterCriteriaBytesPerClient } = OPTIONS;
/** Polling filters: the events service keeps them, in `photon events` and `photon start` alike. */
const FILTERS = { filterTimeoutMs, filterCap, filterCapPerClient, filterCriteriaBytesPerClient } as const;
const { engineWsClients, engineWsSubscriptionsPerClient, engineQueries, engineSubscriptionsPerConnection } =
  OPTIONS;
const { engineQueriesPerClient } = OPTIONS;
/** Upstream subscriptions of the engine-event websocket: the events leader holds them. */
const ENGINE_QUERIES = { engineQueries, engineSubscriptionsPerConnection } as const;
const { rpcGasCap, queryCacheBytes, engineBatch, maxTracesInFlight, maxTraceBytes } = OPTIONS;
const {
  passphraseFile,
  importKeyFile,
  keystoreDir,
  keystoreKekFile,
  keystoreKekFileOrEphemeral,
  lightKdf,
  allowInsecureUnlock,
  devAccounts,
  unlockFailures,
  unlockBackoffMaxMs,
} = OPTIONS;

const { logFormat, logFormatText, shutdownGraceMs } = OPTIONS;
/** The cluster's services log JSON for a collector; the laptop commands (start, devnet) log text. */
const LOGGING = { logLevel, logFormat, quiet } as const;
const LAPTOP_LOGGING = { logLevel, logFormat: logFormatText, quiet } as const;
const { faucetPath, faucetKey, faucetAmount, faucetCooldownMs } = OPTIONS;
/** What the faucet sends and how often: the tx service owns the faucet's sends and cooldowns. */
const FAUCET = { faucetKey, faucetAmount, faucetCooldownMs } as const;
const { txRebroadcastBlocks, txRebroadcastTries, txpoolLifetimeMs } = OPTIONS;
const { txSyncTimeoutMs, txSyncMaxTimeoutMs, txSyncMaxWaits } = OPTIONS;
/**
 * The tx journal: accepted txs kept until mined and sent again when the engine lost them; and the bounds of
 * eth_sendRawTransactionSync's wait for a mined one.
 */
const JOURNAL = {
  txRebroadcastBlocks,
  txRebroadcastTries,
  txpoolLifetimeMs,
  txSyncTimeoutMs,
  txSyncMaxTimeoutMs,
  txSyncMaxWaits,
} as const;
const { opsLaddr } = OPTIONS;
/** The ops listener (health and metrics for probes and scrapers): every long-running command has one. */
const OPS = { opsLaddr } as const;
const { natsUser, natsPasswordFile, natsTokenFile, natsCredsFile, natsNkeySeedFile } = OPTIONS;
const { natsTlsCaFile, natsTlsCertFile, natsTlsKeyFile, redisTlsCaFile, redisTlsCertFile, redisTlsKeyFile } =
  OPTIONS;
/** How a cluster process reaches and proves itself to NATS and Redis; every cluster command takes all of it. */
export const CLUSTER_SCHEMA = {
  natsUrl,
  natsUser,
  natsPasswordFile,
  natsTokenFile,
  natsCredsFile,
  natsNkeySeedFile,
  natsTlsCaFile,
  natsTlsCertFile,
  natsTlsKeyFile,
  redisUrl,
  redisTlsCaFile,
  redisTlsCertFile,
  redisTlsKeyFile,
  busPrefix,
} as const;
const CLUSTER = CLUSTER_SCHEMA;
/** The gateway's listener settings, shared by `photon start` and `photon gateway`. */
export const LISTENER_SCHEMA = {
  laddr,
  wsport,
  rpcApi,
  corsOrigins,
  wsOrigins,
  httpVhosts,
  maxBodyBytes,
  maxBatchItems,
  maxBatchResponseBytes,
  wsMaxMessageBytes,
  wsPingSeconds,
  engineWsClients,
  engineWsSubscriptionsPerClient,
  engineQueriesPerClient,
  faucetPath,
  rateLimit,
  rateLimitWindowMs,
  trustedProxies,
  apiKeysFile,
  wsMaxConnectionsPerIp,
  wsCriteriaBytesPerConnection,
  wsCriteriaBytesPerIp,
  wsMaxUnsentBytes,
  wsMaxCallsInFlight,
  wsMaxBatchesInFlight,
  rateLimitStoreDown,
  httpReadTimeoutMs,
  httpWriteTimeoutMs,
  httpIdleTimeoutMs,
  httpMaxConnectionsPerIp,
} as const;
const CHAIN = { chainId, node } as const;

/** `photon gateway`: listeners over the NATS bus. */
export const GATEWAY_SCHEMA = {
  ...LISTENER_SCHEMA,
  ...CLUSTER,
  shutdownGraceMs,
  ...OPS,
  ...LOGGING,
} as const;
/** `photon query`: reads over the NATS bus. */
export const QUERY_SCHEMA = {
  ...CHAIN,
  ...LOG_LIMITS,
  rpcGasCap,
  queryCacheBytes,
  engineBatch,
  maxTracesInFlight,
  maxTraceBytes,
  ...CLUSTER,
  ...OPS,
  ...LOGGING,
} as const;
/** `photon tx`: transaction submission over the NATS bus, broadcasting to the engine. */
export const TX_SCHEMA = {
  ...CHAIN,
  allowUnprotectedTxs,
  ...JOURNAL,
  ...FAUCET,
  ...CLUSTER,
  ...OPS,
  ...LOGGING,
} as const;
/** `photon events`: filters (and, later, the engine bridge) over the NATS bus, filter cursors in Redis. */
export const EVENTS_SCHEMA = {
  ...CHAIN,
  ...FILTERS,
  ...ENGINE_QUERIES,
  logsMaxBlockRange,
  logIndexFrom,
  ...CLUSTER,
  ...OPS,
  ...LOGGING,
} as const;
/** `photon keystore`: key files and signing over the NATS bus, unlock sessions in Redis. */
export const KEYSTORE_SCHEMA = {
  chainId,
  keystoreDir,
  keystoreKekFile,
  devAccounts: OPTIONS.keystoreDevAccounts,
  unlockKey,
  passphraseFile,
  importKeyFile,
  lightKdf,
  allowInsecureUnlock,
  unlockFailures,
  unlockBackoffMaxMs,
  ...CLUSTER,
  ...OPS,
  ...LOGGING,
} as const;
/** The devnet's own settings. */
export const DEVNET_SCHEMA = {
  devnetLaddr,
  blockTimeMs,
  chainId,
  allowUnprotectedTxs,
  dataDir,
  ...LAPTOP_LOGGING,
} as const;
/** `photon start`: everything in one process, no NATS or Redis; the devnet unless --node is given. */
export const START_SCHEMA = {
  ...LISTENER_SCHEMA,
  chainId,
  node: nodeOrEmbedded,
  devnetLaddr,
  blockTimeMs,
  allowUnprotectedTxs,
  dataDir,
  keystoreDir,
  keystoreKekFile: keystoreKekFileOrEphemeral,
  unlockKey,
  passphraseFile,
  importKeyFile,
  lightKdf,
  allowInsecureUnlock,
  devAccounts,
  unlockFailures,
  unlockBackoffMaxMs,
  ...LOG_LIMITS,
  rpcGasCap,
  queryCacheBytes,
  engineBatch,
  maxTracesInFlight,
  maxTraceBytes,
  ...FILTERS,
  ...ENGINE_QUERIES,
  logIndexFrom,
  ...JOURNAL,
  ...FAUCET,
  shutdownGraceMs,
  ...OPS,
  ...LAPTOP_LOGGING,
} as const;

const { natsUrl: clusterNats, redisUrl: clusterRedis, queryReplicas, gateways } = OPTIONS;
/** `photon cluster`: the tier as separate local processes on the machine's NATS and Redis. */
export const CLUSTER_RUN_SCHEMA = {
  laddr,
  wsport,
  rpcApi,
  chainId,
  node: nodeOrEmbedded,
  devnetLaddr,
  blockTimeMs,
  dataDir,
  natsUrl: clusterNats,
  redisUrl: clusterRedis,
  busPrefix: OPTIONS.busPrefixOrFresh,
  queryReplicas,
  gateways,
  devAccounts,
  ...LAPTOP_LOGGING,
} as const;
/** `photon prune`: removes what a cluster left under its prefix in NATS and Redis. */
export const PRUNE_SCHEMA = {
  ...CLUSTER_SCHEMA,
  busPrefix: OPTIONS.busPrefixToPrune,
  ...LAPTOP_LOGGING,
} as const;
