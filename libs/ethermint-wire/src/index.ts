// Front door of @photon/ethermint-wire: the Ethermint protobuf messages, the Ethereum-in-Cosmos tx codec,
// CometBFT's event query language (parse and match, as the node does), and the chain rules the devnet and the
// services must agree on: bech32 addresses, the logs bloom and x/feemarket's base fee.

import { installFastKeccak } from './hash/keccak';

// Every process and thread that reads or writes Ethermint's wire hashes through ethers (tx hashes, addresses):
// all of them with the faster Keccak, from the moment this library loads.
installFastKeccak();

export { EthermintWireError, type EthermintWireErrorReason } from './errors';
export { keccak256Bytes } from './hash/keccak';
export { type ProtoCodec } from './proto-codec';
export { QUERY_PATH } from './query-paths';
export { bech32Decode, bech32Encode } from './address/bech32';
export {
  addToBloom,
  BLOOM_BYTES,
  type BloomBits,
  bloomBits,
  bloomHas,
  type BloomLog,
  logsBloom,
  orBlooms,
} from './bloom/logs-bloom';
export * from './messages/scalars';
export * from './messages/evm-tx';
export * from './messages/evm-params';
export * from './messages/evm-query';
export * from './messages/evm-trace';
export * from './messages/feemarket';
export {
  baseFeeRules,
  type BaseFeeRules,
  feeMarketBlockGas,
  type FeeMarketRules,
  LEGACY_DEC_ONE,
  legacyDecUnits,
  nextBaseFee,
  type ParentBlockGas,
  truncateLegacyDec,
} from './feemarket/base-fee';
export * from './messages/eth-account';
export { type WireLayout } from './tx/layout';
export { wrapEthereumTx, type WrapOptions } from './tx/wrap';
export { wrapEthereumTxBatch } from './tx/wrap-batch';
export { unwrapEthereumTx, type UnwrappedEthereumTx, type UnwrapOptions } from './tx/unwrap';
export { cometTxHash } from './tx/comet-hash';
export { encodeTxMsgData, decodeTxMsgData } from './tx/tx-msg-data';
export * from './comet-query';
export * from './comet-rpc/rpc-responses';
export { type DecodedFrame, ParamsError, decodeFrame, stringParams } from './comet-rpc/go-request';
export * from './comet-rpc/go-json-frames';
export { civilFromDays, parseGoTime, type GoTime, type GoTimeLayout } from './comet-query/go-time';
