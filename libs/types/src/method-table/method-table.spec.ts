// Checks the method table against its sources: the execution-apis OpenRPC document, the Ethermint
// endpoints inventory Photon started from, CLIENT-COMPAT.md and the target architecture's owners.
import { readFileSync } from 'node:fs';
import { EXECUTION_APIS_DOCUMENT_PATH } from '../openrpc/execution-apis-reference';
import {
  DEFAULT_METHOD_COST,
  META_NAMESPACE,
  METHOD_TABLE,
  exposedNamespaces,
  findMethod,
  isMethodName,
  methodCost,
} from './index';
import type { InventoryStatus, MethodOwner, MethodRow } from './method-row';

interface SpecMethod {
  readonly name: string;
  readonly params: readonly { readonly name: string; readonly required?: boolean }[];
}

// The execution-apis document vendored in the repo (libs/types/spec/README.md says where it comes from).
const specMethods = (
  JSON.parse(readFileSync(EXECUTION_APIS_DOCUMENT_PATH, 'utf8')) as { methods: readonly SpecMethod[] }
).methods;

// evmos/ethermint docs/api/json-rpc/endpoints.md at 7c978311 (2021-08-23), the last revision before
// eth_getProof and eth_getFilterLogs were added: ✔ = implemented, N/A = n/a, blank = unmarked.
const ETHERMINT_INVENTORY: Readonly<Record<InventoryStatus, string>> = {
  implemented: `
    web3_clientVersion web3_sha3 net_version net_peerCount net_listening eth_protocolVersion
    eth_syncing eth_gasPrice eth_accounts eth_blockNumber eth_getBalance eth_getStorageAt
    eth_getTransactionCount eth_getBlockTransactionCountByNumber eth_getBlockTransactionCountByHash
    eth_getCode eth_sign eth_sendTransaction eth_sendRawTransaction eth_call eth_estimateGas
    eth_getBlockByNumber eth_getBlockByHash eth_getTransactionByHash eth_getTransactionByBlockHashAndIndex
    eth_getTransactionReceipt eth_newFilter eth_newBlockFilter eth_newPendingTransactionFilter
    eth_uninstallFilter eth_getFilterChanges eth_getLogs eth_coinbase eth_subscribe eth_unsubscribe
    personal_importRawKey personal_listAccounts personal_lockAccount personal_newAccount
    personal_unlockAccount personal_sendTransaction personal_sign personal_ecRecover
    debug_blockProfile debug_cpuProfile debug_gcStats debug_goTrace debug_freeOSMemory debug_memStats
    debug_mutexProfile debug_setBlockProfileRate debug_setGCPercent debug_setMutexProfileFraction
    debug_stacks debug_startCPUProfile debug_startGoTrace debug_stopCPUProfile debug_stopGoTrace
    debug_writeBlockProfile debug_writeMemProfile debug_writeMutexProfile miner_setGasPrice
    miner_setEtherbase txpool_content txpool_inspect txpool_status`,
  'n/a': `
    eth_mining eth_hashrate eth_getUncleCountByBlockHash eth_getUncleCountByBlockNumber
    eth_getUncleByBlockHashAndIndex eth_getUncleByBlockNumberAndIndex miner_getHashrate
    miner_setExtra miner_start miner_stop miner_setGasLimit`,
  unmarked: `
    eth_getTransactionbyBlockNumberAndIndex eth_getWork eth_submitWork eth_submitHashrate
    eth_getCompilers eth_compileLLL eth_compileSolidity eth_compileSerpent eth_signTransaction
    db_putString db_getString db_putHex db_getHex shh_post shh_version shh_newIdentity
    shh_hasIdentity shh_newGroup shh_addToGroup shh_newFilter shh_uninstallFilter
    shh_getFilterChanges shh_getMessages admin_addPeer admin_datadir admin_nodeInfo admin_peers
    admin_startRPC admin_startWS admin_stopRPC admin_stopWS clique_getSnapshot
    clique_getSnapshotAtHash clique_getSigners clique_proposals clique_propose clique_discard
    clique_status debug_backtraceAt debug_dumpBlock debug_getBlockRlp debug_seedHash
    debug_setHead debug_traceBlock debug_traceBlockByNumber debug_traceBlockByHash
    debug_traceBlockFromFile debug_standardTraceBlockToFile debug_standardTraceBadBlockToFile
    debug_traceTransaction debug_verbosity debug_vmodule les_serverInfo les_clientInfo
    les_priorityClientInfo les_addBalance les_setClientParams les_setDefaultParams
    les_latestCheckpoint les_getCheckpoint les_getCheckpointContractAddress`,
};
const inventory = new Map(
  Object.entries(ETHERMINT_INVENTORY).flatMap(([status, names]) =>
    names
      .trim()
      .split(/\s+/)
      .map((name) => [name, status as InventoryStatus] as const),
  ),
);

// CLIENT-COMPAT.md: what ethers, viem and web3.js call, including what the spec does not list.
const CLIENT_METHODS = [
  'eth_chainId',
  'net_version',
  'eth_maxPriorityFeePerGas',
  'eth_feeHistory',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getFilterLogs',
  'eth_getBlockReceipts',
  'eth_fillTransaction',
  'eth_unsubscribe',
  'eth_subscribe',
  'eth_getLogs',
  'eth_newFilter',
  'eth_getFilterChanges',
  'eth_call',
  'eth_estimateGas',
  'eth_sendRawTransaction',
  'eth_getTransactionReceipt',
];

const rows: readonly MethodRow[] = METHOD_TABLE;
const rowOf = (name: string): MethodRow | undefined => rows.find((row) => row.method === name);

/** 'Hydrated transactions' -> 'hydratedTransactions', 'StorageKeys' -> 'storageKeys'. */
const camelCase = (specName: string): string =>
  specName
    .split(/\s+/)
    .map((word, index) => (index === 0 ? word[0]?.toLowerCase() : word[0]?.toUpperCase()) + word.slice(1))
    .join('');

describe('METHOD_TABLE', () => {
  it('default', () => {
    const names = rows.map((row) => row.method);
    expect(new Set(names).size).toBe(names.length);
    for (const row of rows) {
      expect([row.method, row.namespace]).toEqual([row.method, row.method.split(/[_.]/)[0]]);
      expect(row.summary.length).toBeGreaterThan(0);
    }
  });

  it('behavior: every execution-apis method has a row with its params, required flags and names', () => {
    expect(specMethods.length).toBe(45);
    for (const spec of specMethods) {
      const row = rowOf(spec.name);
      const expected = spec.params.map((param) => ({
        name: camelCase(param.name),
        required: param.required === true,
      }));
      expect([spec.name, row?.params.map(({ name, required }) => ({ name, required }))]).toEqual([
        spec.name,
        expected,
      ]);
    }
  });

  it('behavior: every method of the Ethermint inventory has a row with its marker', () => {
    expect(inventory.size).toBe(138);
    for (const [name, status] of inventory) {
      expect([name, rowOf(name)?.inventory]).toEqual([name, status]);
    }
  });

  it('behavior: rows the inventory does not list are unmarked', () => {
    for (const row of rows.filter((candidate) => !inventory.has(candidate.method))) {
      expect([row.method, row.inventory]).toEqual([row.method, 'unmarked']);
    }
  });

  it('behavior: every method CLIENT-COMPAT.md names has a row, served unless it must answer -32601', () => {
    for (const name of CLIENT_METHODS) {
      const service = rowOf(name)?.service;
      expect([name, service === undefined]).toEqual([name, false]);
      expect([name, service === 'none']).toEqual([name, name === 'eth_fillTransaction']);
    }
  });

  it('behavior: eth_fillTransaction is owned by none, so viem gets -32601 and signs locally', () => {
    expect(findMethod('eth_fillTransaction')?.service).toBe('none');
  });

  it('behavior: the inventory misspelling resolves to eth_getTransactionByBlockNumberAndIndex', () => {
    const alias = rowOf('eth_getTransactionbyBlockNumberAndIndex');
    const canonical = findMethod('eth_getTransactionByBlockNumberAndIndex');
    expect(alias?.aliasOf).toBe('eth_getTransactionByBlockNumberAndIndex');
    expect(findMethod('eth_getTransactionbyBlockNumberAndIndex')).toBe(canonical);
    expect(isMethodName('eth_getTransactionbyBlockNumberAndIndex')).toBe(true);
  });

  it('behavior: every aliasOf names an existing non-alias row with the same params, result and owner', () => {
    const aliases = rows.filter((row) => row.aliasOf !== undefined);
    expect(aliases.length).toBeGreaterThan(0);
    for (const alias of aliases) {
      const target = rowOf(alias.aliasOf ?? '');
      expect(target).toBeDefined();
      expect(target?.aliasOf).toBeUndefined();
      expect([alias.params, alias.result, alias.service]).toEqual([
        target?.params,
        target?.result,
        target?.service,
      ]);
    }
  });

  it('behavior: required params come before optional ones, as positional params need', () => {
    for (const row of rows) {
      const firstOptional = row.params.findIndex((param) => !param.required);
      const lastRequired = row.params.map((param) => param.required).lastIndexOf(true);
      if (firstOptional !== -1)
        expect([row.method, lastRequired < firstOptional]).toEqual([row.method, true]);
    }
  });

  it('behavior: owners follow the target architecture', () => {
    const owner = (name: string): MethodOwner | undefined => rowOf(name)?.service;
    const expectOwner = (service: MethodOwner, names: readonly string[]): void => {
      for (const name of names) expect([name, owner(name)]).toEqual([name, service]);
    };
    // personal_sendTransaction broadcasts, which the keystore never does: the tx service owns it and has
    // the keystore sign over the bus.
    expectOwner('tx', ['eth_sendRawTransaction', 'eth_sendTransaction', 'personal_sendTransaction']);
    expectOwner('keystore', ['eth_accounts', 'eth_sign', 'eth_signTransaction']);
    expectOwner('events', [
      'eth_newFilter',
      'eth_newBlockFilter',
      'eth_newPendingTransactionFilter',
      'eth_uninstallFilter',
      'eth_getFilterChanges',
      'eth_getFilterLogs',
    ]);
    // Subscriptions live on the gateway's sockets.
    expectOwner('gateway', ['eth_subscribe', 'eth_unsubscribe']);
    // The OpenRPC document is the gateway's own (built from this table), on every listener.
    expectOwner('gateway', ['rpc.discover']);
    expect(rows.filter((row) => row.namespace === META_NAMESPACE).map((row) => row.method)).toEqual([
      'rpc.discover',
    ]);
    expectOwner('none', ['eth_simulateV1', 'eth_getBlockAccessList', 'eth_config', 'eth_capabilities']);
    expectOwner('none', ['eth_blobBaseFee', 'eth_getWork', 'eth_submitWork', 'eth_submitHashrate']);
    // Not served, each with its reason in the row's summary.
    expectOwner('none', ['eth_baseFee']);
    expectOwner('query', ['eth_createAccessList']);
    // Served since the hardening issue (they were rows without handlers).
    expectOwner('query', ['eth_getStorageValues', 'eth_getTransactionLogs']);
    // Served since issue 24 item 9: the devnet answers the store proofs Ethermint asks for.
    expectOwner('query', ['eth_getProof']);
    expectOwner('tx', ['eth_resend']);
    for (const row of rows) {
      if (row.namespace === 'personal' && row.method !== 'personal_sendTransaction') {
        expect([row.method, row.service]).toEqual([row.method, 'keystore']);
      }
      if (['web3', 'net', 'txpool'].includes(row.namespace)) {
        expect([row.method, row.service]).toEqual([row.method, 'query']);
      }
      const tracing = [
        'debug_traceTransaction',
        'debug_traceBlockByNumber',
        'debug_traceBlockByHash',
        'debug_traceCall',
      ];
      if (tracing.includes(row.method)) {
        expect([row.method, row.service]).toEqual([row.method, 'query']);
      } else if (['debug', 'miner', 'admin', 'clique', 'les', 'db', 'shh'].includes(row.namespace)) {
        expect([row.method, row.service]).toEqual([row.method, 'none']);
      }
    }
  });

  it('behavior: timeouts follow the method kind, and unserved rows are answered at once', () => {
    const timeout = (name: string): string | undefined => rowOf(name)?.timeout;
    for (const name of ['web3_clientVersion', 'net_version', 'eth_chainId', 'eth_accounts']) {
      expect([name, timeout(name)]).toEqual([name, 'instant']);
    }
    for (const name of ['eth_call', 'eth_estimateGas']) {
      expect([name, timeout(name)]).toEqual([name, 'execute']);
    }
    for (const name of ['eth_getLogs', 'eth_getFilterLogs', 'eth_getBlockReceipts']) {
      expect([name, timeout(name)]).toEqual([name, 'scan']);
    }
    for (const name of ['eth_sendRawTransaction', 'eth_sendTransaction', 'eth_sign', 'eth_signTransaction']) {
      expect([name, timeout(name)]).toEqual([name, 'submit']);
    }
    for (const row of rows.filter((candidate) => candidate.service === 'none')) {
      expect([row.method, row.timeout]).toEqual([row.method, 'instant']);
    }
  });

  it('behavior: rate-limit costs weigh execution and scans above plain reads, one default for the rest', () => {
    expect(DEFAULT_METHOD_COST).toBe(1);
    for (const name of ['eth_chainId', 'net_version', 'eth_blockNumber', 'eth_getBalance', 'eth_foo']) {
      expect([name, methodCost(name)]).toEqual([name, DEFAULT_METHOD_COST]);
    }
    expect(methodCost('eth_call')).toBeGreaterThan(methodCost('eth_chainId'));
    expect(methodCost('eth_estimateGas')).toBe(methodCost('eth_call'));
    expect(methodCost('eth_getLogs')).toBeGreaterThan(methodCost('eth_call'));
    expect(methodCost('eth_getFilterLogs')).toBe(methodCost('eth_getLogs'));
    // An alias spends what its canonical method does.
    for (const row of rows.filter((candidate) => candidate.aliasOf !== undefined)) {
      expect([row.method, methodCost(row.method)]).toEqual([row.method, methodCost(row.aliasOf!)]);
    }
    for (const row of rows)
      expect(Number.isInteger(methodCost(row.method)) && methodCost(row.method) > 0).toBe(true);
  });

  it('behavior: the metadata namespace is exposed whatever --rpc-api lists, once', () => {
    expect(exposedNamespaces(['web3', 'eth', 'net'])).toEqual(['web3', 'eth', 'net', 'rpc']);
    expect(exposedNamespaces([])).toEqual(['rpc']);
    expect(exposedNamespaces(['rpc', 'eth'])).toEqual(['rpc', 'eth']);
  });

  it('error: unknown names and other spellings are not methods', () => {
    for (const name of ['eth_foo', 'ETH_CHAINID', 'eth_chainid', 'rpc_discover', 'rpc.modules', '']) {
      expect(findMethod(name)).toBeUndefined();
      expect(isMethodName(name)).toBe(false);
    }
  });
});
