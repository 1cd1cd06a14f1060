export type {
  AccessListEntry,
  EthBlockRecord,
  EthLogRecord,
  EthReceiptRecord,
  EthTransactionRecord,
  EthTxType,
  Hex,
  InclusionPosition,
} from './eth-records';
