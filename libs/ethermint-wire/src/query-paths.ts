// abci_query paths (`/<service>/<Method>`) of the gRPC queries a JSON-RPC tier sends to an Ethermint node.

export const QUERY_PATH = {
  evmAccount: '/ethermint.evm.v1.Query/Account',
  evmBalance: '/ethermint.evm.v1.Query/Balance',
  evmStorage: '/ethermint.evm.v1.Query/Storage',
  evmCode: '/ethermint.evm.v1.Query/Code',
  evmParams: '/ethermint.evm.v1.Query/Params',
  evmEthCall: '/ethermint.evm.v1.Query/EthCall',
  evmEstimateGas: '/ethermint.evm.v1.Query/EstimateGas',
  evmTraceTx: '/ethermint.evm.v1.Query/TraceTx',
  evmTraceCall: '/ethermint.evm.v1.Query/TraceCall',
  evmTraceBlock: '/ethermint.evm.v1.Query/TraceBlock',
  evmBaseFee: '/ethermint.evm.v1.Query/BaseFee',
  evmValidatorAccount: '/ethermint.evm.v1.Query/ValidatorAccount',
  feemarketParams: '/ethermint.feemarket.v1.Query/Params',
  authAccount: '/cosmos.auth.v1beta1.Query/Account',
} as const;
