// CometBFT's event query language: parse a subscription or tx_search query, match published events.
export type {
  OrderOperand,
  OrderOperator,
  Query,
  QueryCondition,
  QueryOperand,
  QueryOperator,
  StringOperand,
} from './ast';
export { matches, type QueryEvents } from './matcher';
export { MAX_QUERY_BYTES, conditionsOf, formatQuery, parseQuery, tryParseQuery } from './parser';
export { QueryError } from './query-error';
