// Decoding of the node-level results: `status`, `net_info`, `consensus_params`, `validators`, `abci_query`.
import { type JsonNode } from './json-read';
import { parseCometTime } from './time';
import {
  type CometAbciQuery,
  type CometProofOp,
  type CometConsensusParams,
  type CometNetInfo,
  type CometStatus,
  type CometValidators,
} from './types';

export function parseStatus(node: JsonNode): CometStatus {
  const nodeInfo = node.get('node_info');
  const other = nodeInfo.get('other');
  const sync = node.get('sync_info');
  const validator = node.get('validator_info');
  const latestTime = sync.get('latest_block_time').optionalString();
  return {
    nodeInfo: {
      network: nodeInfo.get('network').string(),
      version: nodeInfo.get('version').string(),
      moniker: nodeInfo.get('moniker').optionalString(),
      txIndex: other.isAbsent() ? false : other.get('tx_index').optionalString() === 'on',
    },
    syncInfo: {
      latestBlockHash: sync.get('latest_block_hash').hex(),
      latestAppHash: sync.get('latest_app_hash').hex(),
      latestBlockHeight: sync.get('latest_block_height').int64(),
      latestBlockTime: latestTime === '' ? undefined : parseCometTime(latestTime),
      earliestBlockHeight: sync.get('earliest_block_height').isAbsent()
        ? 0n
        : sync.get('earliest_block_height').int64(),
      catchingUp: sync.get('catching_up').boolean(),
    },
    validatorInfo: {
      address: validator.get('address').hex(),
      votingPower: validator.get('voting_power').int64(),
    },
  };
}

export function parseNetInfo(node: JsonNode): CometNetInfo {
  return { listening: node.get('listening').boolean(), nPeers: node.get('n_peers').int32() };
}

export function parseConsensusParams(node: JsonNode): CometConsensusParams {
  const block = node.get('consensus_params').get('block');
  return {
    blockHeight: node.get('block_height').int64(),
    block: { maxBytes: block.get('max_bytes').int64(), maxGas: block.get('max_gas').int64() },
  };
}

export function parseValidators(node: JsonNode): CometValidators {
  return {
    blockHeight: node.get('block_height').int64(),
    validators: node
      .get('validators')
      .array()
      .map((validator) => ({
        address: validator.get('address').hex(),
        votingPower: validator.get('voting_power').int64(),
        proposerPriority: validator.get('proposer_priority').int64(),
      })),
    total: node.get('total').int32(),
  };
}

export function parseAbciQuery(node: JsonNode): CometAbciQuery {
  const response = node.get('response');
  const code = response.get('code');
  const height = response.get('height');
  return {
    code: code.isAbsent() ? 0 : code.int32(),
    log: response.get('log').optionalString(),
    info: response.get('info').optionalString(),
    key: response.get('key').base64(),
    value: response.get('value').base64(),
    height: height.isAbsent() ? 0n : height.int64(),
    codespace: response.get('codespace').optionalString(),
    proofOps: parseProofOps(response.get('proofOps')),
  };
}

function parseProofOps(node: JsonNode): CometProofOp[] {
  if (node.isAbsent()) return [];
  return node
    .get('ops')
    .array()
    .map((op) => ({
      type: op.get('type').string(),
      key: op.get('key').base64(),
      data: op.get('data').base64(),
    }));
}
