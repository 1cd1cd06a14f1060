// web3_ and net_ rows: node identity and network facts, all answered by the query service.
import type { MethodRow } from './method-row';
import { required } from './param';

export const WEB3_NET_ROWS = [
  {
    method: 'web3_clientVersion',
    namespace: 'web3',
    service: 'query',
    params: [],
    result: 'STRING',
    timeout: 'instant',
    inventory: 'implemented',
    summary: 'The client name and version: Photon/v<version>/<os>-<arch>/node<version>.',
  },
  {
    method: 'web3_sha3',
    namespace: 'web3',
    service: 'query',
    params: [required('data', 'DATA')],
    result: 'DATA',
    timeout: 'instant',
    inventory: 'implemented',
    summary: 'Keccak-256 of the given bytes.',
  },
  {
    method: 'net_version',
    namespace: 'net',
    service: 'query',
    params: [],
    result: 'STRING',
    timeout: 'instant',
    inventory: 'implemented',
    summary: 'The EIP-155 chain id as a decimal string.',
    edge: 'chain',
  },
  {
    method: 'net_listening',
    namespace: 'net',
    service: 'query',
    params: [],
    result: 'BOOLEAN',
    timeout: 'read',
    inventory: 'implemented',
    summary: 'Whether the node is listening for network connections.',
  },
  {
    method: 'net_peerCount',
    namespace: 'net',
    service: 'query',
    params: [],
    result: 'QUANTITY',
    timeout: 'read',
    inventory: 'implemented',
    summary: 'The number of peers of the consensus engine.',
  },
] as const satisfies readonly MethodRow[];
