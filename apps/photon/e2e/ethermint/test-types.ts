// tests/integration_tests/test_types.py, ported. Upstream makes each call of both ethermintd and geth
// 1.11 and compares the replies' shapes (same_types); the port compares Photon's reply with geth's
// (geth-answers.ts). Tests upstream parametrises over HTTP and websocket (ethermint_rpc_ws) run on both.
import { ADDRS, ACCOUNTS } from './accounts';
import { deployContract } from './contracts';
import {
  EXPECTED_FEE_HISTORY,
  EXPECTED_GET_PROOF,
  EXPECTED_GET_STORAGE_AT,
  EXPECTED_GET_TRANSACTION,
  EXPECTED_GET_TRANSACTION_RECEIPT,
} from './expected-constants';
import { GETH } from './geth-answers';
import { type EthermintNetwork } from './network';
import { compareTypes } from './same-types';
import { type UpstreamTest, type UpstreamFile } from './upstream-file';
import { type Web3Like } from './web3-like';

/** Keys of `ours` that `theirs` lacks, sorted. */
function extraKeys(ours: object | undefined, theirs: object): string[] {
  return Object.keys(ours ?? {})
    .filter((key) => !(key in theirs))
    .sort();
}

/** make_same_rpc_calls, geth's side being its recorded answer. */
async function sameAsGeth(w3: Web3Like, method: string, params: unknown[], geth: unknown): Promise<void> {
  compareTypes(await w3.makeRequest(method, params), geth);
}

/** ethermint_rpc_ws: the body over HTTP, then over the websocket. */
const overHttpAndWs =
  (body: (w3: Web3Like, net: EthermintNetwork) => Promise<void>): UpstreamTest =>
  async (net) => {
    await body(net.w3, net);
    await body(net.w3.useWebsocket(), net);
  };

async function sendTnx(w3: Web3Like, txValue = 10) {
  // Do an ethereum transfer
  const gasPrice = await w3.gasPrice();
  return w3.sendTransaction({ to: ADDRS.community, value: txValue, gasPrice }, ACCOUNTS.validator);
}

async function deployAndWait(w3: Web3Like, n = 1) {
  const { contract } = await deployContract(w3, 'TestERC20A');
  await w3.waitForNewBlocks(n);
  return contract;
}

async function getBlocks(w3: Web3Like, withTransactions: boolean): Promise<void> {
  await w3.waitForNewBlocks(2);
  await sameAsGeth(w3, 'eth_getBlockByNumber', ['0x2', withTransactions], GETH.block);
  await sameAsGeth(w3, 'eth_getBlockByNumber', ['0x2710', withTransactions], GETH.null);
  const ethermintBlk = await w3.getBlock(1);
  // Get existing block, no transactions
  const ethRsp = await w3.makeRequest('eth_getBlockByHash', [ethermintBlk['hash'], withTransactions]);
  compareTypes(ethRsp, GETH.block);
  // Get not existing block
  await sameAsGeth(
    w3,
    'eth_getBlockByHash',
    ['0x4e3a3754410177e6937ef1f84bba68ea139e8d1a2258c5f85db9f1cd715a1bdd', withTransactions],
    GETH.null,
  );
  // Bad call
  await sameAsGeth(w3, 'eth_getBlockByHash', ['0', withTransactions], GETH.invalidHash);
}

const VALIDATOR_LOWER = '0x57f96e6b86cdefdb3d412547816a82e3e0ebf9d2';
const OTHER = '0x9907a0cf64ec9fbf6ed8fd4971090de88222a9ac';

export const TEST_TYPES: UpstreamFile = {
  file: 'test_types',
  passes: {
    test_block: async ({ w3 }) => {
      await getBlocks(w3, false);
      await getBlocks(w3, true);
    },
    test_accounts: overHttpAndWs((w3) => sameAsGeth(w3, 'eth_accounts', [], GETH.accounts)),
    test_syncing: overHttpAndWs((w3) => sameAsGeth(w3, 'eth_syncing', [], GETH.false)),
    test_coinbase: overHttpAndWs((w3) => sameAsGeth(w3, 'eth_coinbase', [], GETH.address)),
    test_max_priority_fee: overHttpAndWs((w3) =>
      sameAsGeth(w3, 'eth_maxPriorityFeePerGas', [], GETH.quantity),
    ),
    test_gas_price: overHttpAndWs((w3) => sameAsGeth(w3, 'eth_gasPrice', [], GETH.quantity)),
    test_block_number: overHttpAndWs((w3) => sameAsGeth(w3, 'eth_blockNumber', [], GETH.quantity)),
    test_balance: overHttpAndWs(async (w3) => {
      const cases: [unknown[], unknown][] = [
        [[VALIDATOR_LOWER, 'latest'], GETH.quantity],
        [['0', 'latest'], GETH.invalidAddress],
        [[OTHER, 'latest'], GETH.quantity],
        [[VALIDATOR_LOWER, '0x0'], GETH.quantity],
        [['0', '0x0'], GETH.invalidAddress],
        [[OTHER, '0x0'], GETH.quantity],
        [[VALIDATOR_LOWER, '0x10000'], GETH.headerNotFound],
        [['0', '0x10000'], GETH.invalidAddress],
        [[OTHER, '0x10000'], GETH.headerNotFound],
      ];
      for (const [params, geth] of cases) await sameAsGeth(w3, 'eth_getBalance', params, geth);
    }),
    test_get_storage_at: overHttpAndWs(async (w3) => {
      await sameAsGeth(w3, 'eth_getStorageAt', [VALIDATOR_LOWER, '0x0', 'latest'], GETH.quantity);
      const contract = await deployAndWait(w3);
      const res = await w3.makeRequest('eth_getStorageAt', [contract.address, '0x0', 'latest']);
      compareTypes(res.result, EXPECTED_GET_STORAGE_AT);
    }),
    test_get_proof: overHttpAndWs(async (w3) => {
      // on ethermint the proof query will fail for block numbers <= 2
      await w3.waitForBlock(3);
      const validator = ADDRS.validator;
      const method = 'eth_getProof';
      await sameAsGeth(w3, method, [validator, ['0x0'], 'latest'], EXPECTED_GET_PROOF);
      await sameAsGeth(w3, method, [validator, ['0x0'], '0x1024'], GETH.headerNotFound);
      const res = await sendTnx(w3);
      const proof = (
        await w3.makeRequest<{ accountProof: unknown[]; storageProof: { proof: unknown[] }[] }>(method, [
          validator,
          ['0x0'],
          `0x${res.blockNumber.toString(16)}`,
        ])
      ).result;
      compareTypes(proof, EXPECTED_GET_PROOF.result);
      expect(proof?.accountProof.length).toBeGreaterThan(0);
      expect(proof?.storageProof[0]?.proof.length).toBeGreaterThan(0);
      await sendTnx(w3);
      compareTypes(await w3.makeRequest(method, [validator, ['0x0'], 'latest']), EXPECTED_GET_PROOF);
    }),
    test_get_code: overHttpAndWs(async (w3) => {
      await sameAsGeth(w3, 'eth_getCode', [VALIDATOR_LOWER, 'latest'], GETH.data);
      // Do an ethereum transfer
      const contract = await deployAndWait(w3);
      const code = await w3.makeRequest('eth_getCode', [contract.address, 'latest']);
      compareTypes(code, { id: 4, jsonrpc: '2.0', result: '0x' });
    }),
    test_get_block_transaction_count: overHttpAndWs(async (w3) => {
      await sameAsGeth(w3, 'eth_getBlockTransactionCountByNumber', ['0x0'], GETH.quantity);
      await sameAsGeth(w3, 'eth_getBlockTransactionCountByNumber', ['0x1000'], GETH.null);
      const txHash = (await sendTnx(w3)).transactionHash;
      const txRes = await w3.request<{ blockNumber: string; blockHash: string }>('eth_getTransactionByHash', [
        txHash,
      ]);
      const blockRes = await w3.makeRequest('eth_getBlockTransactionCountByNumber', [txRes.blockNumber]);
      compareTypes(blockRes, { id: 1, jsonrpc: '2.0', result: '0x1' });
      await sameAsGeth(
        w3,
        'eth_getBlockTransactionCountByHash',
        ['0x4e3a3754410177e6937ef1f84bba68ea139e8d1a2258c5f85db9f1cd715a1bdd'],
        GETH.null,
      );
      const byHash = await w3.makeRequest('eth_getBlockTransactionCountByHash', [txRes.blockHash]);
      compareTypes(byHash, { id: 1, jsonrpc: '2.0', result: '0x1' });
    }),
    test_fee_history: overHttpAndWs(async (w3) => {
      await sameAsGeth(w3, 'eth_feeHistory', [4, 'latest', [10, 90]], GETH.feeHistory);
      await sameAsGeth(w3, 'eth_feeHistory', [4, '0x5000', [10, 90]], GETH.beyondHead);
      await sendTnx(w3);
      const feeHistory = await w3.makeRequest('eth_feeHistory', [4, 'latest', [100]]);
      compareTypes(feeHistory, EXPECTED_FEE_HISTORY);
    }),
    test_estimate_gas: overHttpAndWs(async (w3) => {
      const tx = { to: ADDRS.community, from: ADDRS.validator };
      await sameAsGeth(w3, 'eth_estimateGas', [tx], GETH.quantity);
      await sameAsGeth(w3, 'eth_estimateGas', [tx, '0x1'], GETH.quantity);
      await sameAsGeth(w3, 'eth_estimateGas', [tx, '0x5'], GETH.quantity);
      await sameAsGeth(w3, 'eth_estimateGas', [{}], GETH.quantity);
    }),
    test_incomplete_send_transaction: overHttpAndWs(async (w3) => {
      // Send ethereum tx with nothing in from field
      const gasPrice = `0x${(await w3.gasPrice()).toString(16)}`;
      const tx = { from: '', to: ADDRS.community, value: '0x0', gasPrice };
      await sameAsGeth(w3, 'eth_sendTransaction', [tx], GETH.emptyFrom);
    }),
  },
  deviations: {
    test_get_transaction: {
      why: "transactions carry blockTimestamp beside upstream's fields, as the execution-apis schema and newer geth do (clients ignore a field they do not know)",
      run: overHttpAndWs(async (w3) => {
        await sameAsGeth(
          w3,
          'eth_getTransactionByHash',
          ['0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060'],
          GETH.null,
        );
        const txHash = (await sendTnx(w3)).transactionHash;
        const txRes = await w3.makeRequest<Record<string, unknown>>('eth_getTransactionByHash', [txHash]);
        expect(extraKeys(txRes.result, EXPECTED_GET_TRANSACTION.result)).toStrictEqual(['blockTimestamp']);
        compareTypes(
          {
            ...EXPECTED_GET_TRANSACTION,
            result: { ...EXPECTED_GET_TRANSACTION.result, blockTimestamp: '0x1' },
          },
          txRes,
        );
      }),
    },
    test_get_transaction_receipt: {
      why: 'receipts carry effectiveGasPrice, legacy ones too, as geth does since London (upstream leaves it out of its expected receipt; ethers and viem read it for the fee paid)',
      run: overHttpAndWs(async (w3) => {
        await sameAsGeth(
          w3,
          'eth_getTransactionReceipt',
          ['0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060'],
          GETH.null,
        );
        const txHash = (await sendTnx(w3)).transactionHash;
        const txRes = await w3.makeRequest<Record<string, unknown>>('eth_getTransactionReceipt', [txHash]);
        const extra = extraKeys(txRes.result, EXPECTED_GET_TRANSACTION_RECEIPT.result);
        expect(extra).toContain('effectiveGasPrice');
        const ours = {
          ...EXPECTED_GET_TRANSACTION_RECEIPT.result,
          effectiveGasPrice: '0x1',
          blockTimestamp: '0x1',
        };
        compareTypes(txRes, {
          ...EXPECTED_GET_TRANSACTION_RECEIPT,
          result: Object.fromEntries(Object.entries(ours).filter(([key]) => key in (txRes.result ?? {}))),
        });
      }),
    },
  },
  pendingUpstream: {},
  notApplicable: {},
};
