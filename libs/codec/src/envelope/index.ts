export type {
  JsonRpcId,
  ParsedBody,
  ParsedItem,
  RpcCall,
  RpcFailure,
  RpcResponse,
  RpcSuccess,
} from './envelope-types';
export { parseBody, failure } from './parse-body';
export type { ParseOptions } from './parse-body';
export { dispatch } from './dispatch';
export { MAX_PARAMS_DEPTH, nestsDeeperThan } from './nesting-depth';
export type { InvokeCall, Reply } from './dispatch';
export { serializeReply } from './serialize-reply';
export { RawJson } from './raw-json';
