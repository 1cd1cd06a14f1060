// Front door of @photon/ethermint-wire: the Ethermint protobuf messages and the Ethereum-in-Cosmos tx codec.

export { EthermintWireError, type EthermintWireErrorReason } from './errors';
export { type ProtoCodec } from './proto-codec';
export { QUERY_PATH } from './query-paths';
export * from './messages/scalars';
export * from './messages/evm-tx';
export * from './messages/evm-params';
export * from './messages/evm-query';
export * from './messages/feemarket';
export * from './messages/eth-account';
export { type WireLayout } from './tx/layout';
export { wrapEthereumTx, type WrapOptions } from './tx/wrap';
export { unwrapEthereumTx, type UnwrappedEthereumTx, type UnwrapOptions } from './tx/unwrap';
export { cometTxHash } from './tx/comet-hash';
export { encodeTxMsgData, decodeTxMsgData } from './tx/tx-msg-data';
