// Front door of @photon/ethermint-wire: the Ethermint protobuf messages, the Ethereum-in-Cosmos tx codec and
// CometBFT's event query language (parse and match, as the node does).

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
export * from './comet-query';
export * from './comet-rpc/rpc-responses';
export { type DecodedFrame, ParamsError, decodeFrame, stringParams } from './comet-rpc/go-request';
export * from './comet-rpc/go-json-frames';
export { civilFromDays, parseGoTime, type GoTime, type GoTimeLayout } from './comet-query/go-time';
