// Response validation against the vendored execution-apis OpenRPC document.
export {
  expectValidComponent,
  expectValidResult,
  hasResultSchema,
  validateComponent,
  validateResult,
} from './validate-result';
export type { ValidationOutcome } from './validate-result';
export { EXECUTION_APIS_DOCUMENT_PATH, loadExecutionApisDocument } from './load-document';
export { sampleRecords } from './sample-records';
export { validateOpenRpcDocument } from './validate-openrpc-document';
