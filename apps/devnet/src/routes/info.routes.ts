// Node-level routes: health, status, abci_info, net_info, genesis, consensus_params, validators.
import { encodeBase64, encodeHex, encodeInt64, formatRfc3339Nano, pubKeyJson, validatorJson } from '../comet';
import { DEVNET_APP_NAME } from '../abci';
import { DEVNET_CONSENSUS_PARAMS } from '../chain/block-producer';
import type { Route } from '../rpc/route';
import { PHOTON_DEVNET_VERSION } from '../version';
import type { DevnetContext } from './devnet-context';
import { intArg, resolveHeight } from './heights';

/** The CometBFT release the devnet speaks; cosmjs picks its client by this prefix. */
export const COMET_VERSION = '0.38.17';

export function consensusParamsJson() {
  const { maxBytes, maxGas } = DEVNET_CONSENSUS_PARAMS.block;
  return {
    block: { max_bytes: encodeInt64(maxBytes), max_gas: encodeInt64(maxGas) },
    evidence: { max_age_num_blocks: '100000', max_age_duration: '172800000000000', max_bytes: '1048576' },
    validator: { pub_key_types: ['ed25519'] },
    version: { app: '0' },
    abci: { vote_extensions_enable_height: '0' },
  };
}

export function infoRoutes(ctx: DevnetContext): Route[] {
  const { store, validator } = ctx;
  return [
    { name: 'health', args: [], handle: () => Promise.resolve({}) },
    {
      name: 'status',
      args: [],
      handle: () => {
        const latest = store.at(store.latestHeight);
        const earliest = store.at(store.earliestHeight);
        return Promise.resolve({
          node_info: {
            protocol_version: { p2p: '8', block: '11', app: '0' },
            id: ctx.nodeId,
            listen_addr: 'tcp://127.0.0.1:26656',
            network: ctx.chainId,
            version: COMET_VERSION,
            channels: '40202122233038606100',
            moniker: 'photon-devnet',
            other: { tx_index: 'on', rpc_address: ctx.rpcAddress },
          },
          sync_info: {
            latest_block_hash: latest === undefined ? '' : encodeHex(latest.id.hash),
            latest_app_hash: latest === undefined ? '' : encodeHex(latest.block.header.appHash),
            latest_block_height: encodeInt64(store.latestHeight),
            latest_block_time: latest === undefined ? '' : formatRfc3339Nano(latest.block.header.time),
            earliest_block_hash: earliest === undefined ? '' : encodeHex(earliest.id.hash),
            earliest_app_hash: earliest === undefined ? '' : encodeHex(earliest.block.header.appHash),
            earliest_block_height: encodeInt64(store.earliestHeight),
            earliest_block_time: earliest === undefined ? '' : formatRfc3339Nano(earliest.block.header.time),
            catching_up: false,
          },
          validator_info: {
            address: encodeHex(validator.address),
            pub_key: pubKeyJson(validator.validator.pubKey),
            voting_power: encodeInt64(validator.validator.votingPower),
          },
        });
      },
    },
    {
      name: 'abci_info',
      args: [],
      handle: () => {
        const latest = store.at(store.latestHeight);
        return Promise.resolve({
          response: {
            data: DEVNET_APP_NAME,
            version: PHOTON_DEVNET_VERSION,
            app_version: '0',
            last_block_height: encodeInt64(store.latestHeight),
            last_block_app_hash: latest === undefined ? '' : encodeBase64(latest.appHash),
          },
        });
      },
    },
    {
      name: 'net_info',
      args: [],
      handle: () => Promise.resolve({ listening: true, listeners: ['Listener(@)'], n_peers: '0', peers: [] }),
    },
    {
      name: 'genesis',
      args: [],
      handle: () =>
        Promise.resolve({
          genesis: {
            genesis_time: ctx.genesisTime,
            chain_id: ctx.chainId,
            initial_height: '1',
            consensus_params: consensusParamsJson(),
            validators: [
              {
                address: encodeHex(validator.address),
                pub_key: pubKeyJson(validator.validator.pubKey),
                power: encodeInt64(validator.validator.votingPower),
                name: 'photon-devnet',
              },
            ],
            app_hash: '',
            app_state: ctx.genesisAppState,
          },
        }),
    },
    {
      name: 'consensus_params',
      args: [{ name: 'height', kind: 'int' }],
      handle: (args) =>
        Promise.resolve({
          block_height: encodeInt64(resolveHeight(store, intArg(args['height']))),
          consensus_params: consensusParamsJson(),
        }),
    },
    {
      name: 'validators',
      args: [
        { name: 'height', kind: 'int' },
        { name: 'page', kind: 'int' },
        { name: 'per_page', kind: 'int' },
      ],
      handle: (args) =>
        Promise.resolve({
          block_height: encodeInt64(resolveHeight(store, intArg(args['height']))),
          validators: [validatorJson(validator.validator)],
          count: '1',
          total: '1',
        }),
    },
  ];
}
