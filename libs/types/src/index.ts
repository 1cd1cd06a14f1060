export type {
  EdgeAnswer,
  InventoryStatus,
  MethodOwner,
  MethodRow,
  Namespace,
  ParamSpec,
  ServiceName,
  TimeoutClass,
  WireType,
} from './method-table/method-row';
export {
  DEFAULT_METHOD_COST,
  META_NAMESPACE,
  METHOD_TABLE,
  exposedNamespaces,
  findMethod,
  isMethodName,
  methodCost,
} from './method-table';
export type { MethodName } from './method-table';
export { SHIPPED_SERVICES, isShippedService } from './services';
export { buildOpenRpcDocument, serializeOpenRpcDocument } from './openrpc/build-openrpc';
export type {
  OpenRpcContentDescriptor,
  OpenRpcDocument,
  OpenRpcMethod,
  ReferenceSchemas,
} from './openrpc/build-openrpc';
export { EXECUTION_APIS_DOCUMENT_PATH, loadExecutionApisReference } from './openrpc/execution-apis-reference';
export { photonOpenRpcDocument } from './openrpc/photon-document';
export { WIRE_SCHEMAS } from './openrpc/wire-schemas';
export type { JsonObject, JsonSchema, JsonValue } from './openrpc/wire-schemas';
export { PHOTON_VERSION } from './version';
export { TIMEOUT_MS } from './timeouts';
export type {
  AccessListEntry,
  EthBlockRecord,
  EthLogRecord,
  EthReceiptRecord,
  EthTransactionRecord,
  EthTxType,
  Hex,
  InclusionPosition,
} from './records';
export { aboutRequest, isLogRecord } from './logs/log-record';
export type { LogRecord } from './logs/log-record';
export { INTERNAL_METHODS, findInternalMethod } from './internal/internal-methods';
export type { InternalMethodName, InternalMethodRow } from './internal/internal-methods';
export { faucetRefusalOf } from './internal/faucet-wire';
export type { FilterDeliveryOutcome, FilterPollResult } from './internal/filter-poll-wire';
export type { FaucetGrant, FaucetRefusal, FaucetRefusalKind, FaucetRequest } from './internal/faucet-wire';
