// The parsed form of an event query: a conjunction of conditions on composite event keys, with the
// operand combinations the grammar allows (libs/pubsub/query/syntax).

/** An operand as written: a quoted string's content, a number, or a DATE / TIME value's text. */
export type QueryOperand =
  | { readonly type: 'string'; readonly value: string }
  | { readonly type: 'number'; readonly value: string }
  | { readonly type: 'date'; readonly value: string }
  | { readonly type: 'time'; readonly value: string };

export type OrderOperand = Exclude<QueryOperand, { readonly type: 'string' }>;
export type StringOperand = Extract<QueryOperand, { readonly type: 'string' }>;

export type OrderOperator = '<' | '<=' | '>' | '>=';
export type QueryOperator = '=' | OrderOperator | 'CONTAINS' | 'EXISTS';

/** One condition on a composite key such as `tm.event`, `tx.height` or `ethereum_tx.ethereumTxHash`. */
export type QueryCondition =
  | { readonly tag: string; readonly op: 'EXISTS' }
  | { readonly tag: string; readonly op: '='; readonly operand: QueryOperand }
  | { readonly tag: string; readonly op: OrderOperator; readonly operand: OrderOperand }
  | { readonly tag: string; readonly op: 'CONTAINS'; readonly operand: StringOperand };

export interface Query {
  /** At least one; all must hold. */
  readonly conditions: readonly QueryCondition[];
}
