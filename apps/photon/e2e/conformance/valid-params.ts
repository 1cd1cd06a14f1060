// Valid params of every execution-apis method, against the conformance chain. The first set of each
// method gives every param (optional ones too), so the invalid classes can mutate or extend it; the
// others cover the other shapes a param takes (tags, numbers, EIP-1898 objects, not-found answers).
import { toQuantity } from 'ethers';
import { TOKEN_INTERFACE } from '../query-chain';
import type { ConformanceChain } from './conformance-chain';

const UNKNOWN_HASH = `0x${'cd'.repeat(32)}`;
const FAR_BLOCK = '0xffffff';

export function validParams(c: ConformanceChain): Readonly<Record<string, readonly unknown[][]>> {
  const [a1, a2] = c.accounts;
  const [move] = c.tokenMoves;
  const reverted = c.tokenMoves[3];
  const balanceOf = { to: c.token, data: TOKEN_INTERFACE.encodeFunctionData('balanceOf', [a2]) };
  const blockHash = { blockHash: c.movesBlockHash };
  return {
    net_version: [[]],
    eth_chainId: [[]],
    eth_syncing: [[]],
    eth_blockNumber: [[]],
    eth_gasPrice: [[]],
    eth_maxPriorityFeePerGas: [[]],
    eth_baseFee: [[]],
    eth_blobBaseFee: [[]],
    eth_coinbase: [[]],
    eth_accounts: [[]],
    eth_config: [[]],
    eth_capabilities: [[]],
    eth_feeHistory: [
      ['0x4', 'latest', [25, 75]],
      ['0x2', c.movesHeight, []],
    ],
    eth_getBalance: [
      [a1, 'latest'],
      [a1, c.movesHeight],
      [a1, blockHash],
      [a1, { blockNumber: c.movesHeight }],
      [a1, { blockHash: c.movesBlockHash, requireCanonical: true }],
      [a1, 'safe'],
      [a1],
    ],
    eth_getStorageAt: [
      [c.token, '0x2', 'latest'],
      [c.token, '0x0', blockHash],
    ],
    eth_getStorageValues: [[{ [c.token]: ['0x2', '0x0'] }, 'latest']],
    eth_getTransactionCount: [
      [a1, 'latest'],
      [a1, 'pending'],
      [a1, '0x1'],
    ],
    eth_getCode: [
      [c.token, 'latest'],
      [a1, 'latest'],
    ],
    eth_getProof: [[c.token, ['0x2'], 'latest']],
    eth_getBlockByHash: [
      [c.movesBlockHash, false],
      [c.movesBlockHash, true],
      [UNKNOWN_HASH, false],
    ],
    eth_getBlockByNumber: [
      [c.movesHeight, true],
      ['latest', false],
      ['earliest', false],
      ['safe', false],
      ['finalized', false],
      ['pending', false],
      [FAR_BLOCK, false],
    ],
    eth_getBlockTransactionCountByHash: [[c.movesBlockHash], [UNKNOWN_HASH]],
    eth_getBlockTransactionCountByNumber: [[c.movesHeight], ['latest']],
    eth_getBlockReceipts: [[c.movesHeight], [blockHash], [FAR_BLOCK]],
    eth_getBlockAccessList: [[c.movesHeight]],
    eth_getTransactionByHash: [[move.hash], [c.deploy.hash], [UNKNOWN_HASH]],
    eth_getTransactionByBlockHashAndIndex: [
      [c.movesBlockHash, '0x0'],
      [c.movesBlockHash, '0x63'],
    ],
    eth_getTransactionByBlockNumberAndIndex: [
      [c.movesHeight, '0x1'],
      [FAR_BLOCK, '0x0'],
    ],
    eth_getTransactionReceipt: [[move.hash], [c.deploy.hash], [reverted.hash], [UNKNOWN_HASH]],
    eth_getLogs: [
      [{ fromBlock: c.movesHeight, toBlock: c.movesHeight, address: c.token, topics: [c.transferTopic] }],
      [{ blockHash: c.movesBlockHash }],
      [{ fromBlock: c.movesHeight, toBlock: 'latest', address: `0x${'00'.repeat(19)}01` }],
    ],
    eth_call: [
      [balanceOf, 'latest'],
      [balanceOf, c.movesHeight],
    ],
    eth_estimateGas: [[{ from: a1, to: a2, value: '0x1' }, 'latest'], [{ from: a1, ...balanceOf }]],
    eth_createAccessList: [[{ from: a1, ...balanceOf }, 'latest']],
    eth_simulateV1: [[{ blockStateCalls: [{ calls: [balanceOf] }] }, 'latest']],
    eth_fillTransaction: [[{ from: c.unlocked, to: a2, value: '0x1' }]],
    eth_sendRawTransaction: [[c.rawTransaction]],
    eth_sendTransaction: [[{ from: c.unlocked, to: a2, value: '0x1' }]],
    eth_sign: [[c.unlocked, '0xdeadbeef']],
    eth_signTransaction: [
      [
        {
          from: c.unlocked,
          to: a2,
          value: '0x1',
          gas: '0x5208',
          maxFeePerGas: toQuantity(50_000_000_000n),
          maxPriorityFeePerGas: '0x1',
          nonce: '0x10',
        },
      ],
      [
        {
          from: c.unlocked,
          to: a2,
          value: '0x1',
          gas: '0x5208',
          gasPrice: toQuantity(50_000_000_000n),
          nonce: '0x11',
        },
      ],
    ],
    eth_newFilter: [[{ fromBlock: 'latest', address: c.token }], [{ topics: [c.transferTopic] }]],
    eth_newBlockFilter: [[]],
    eth_newPendingTransactionFilter: [[]],
    eth_getFilterChanges: [[c.blockFilter], [c.logFilter]],
    eth_getFilterLogs: [[c.logFilter]],
    eth_uninstallFilter: [[c.spareFilter], [c.spareFilter]],
  };
}
