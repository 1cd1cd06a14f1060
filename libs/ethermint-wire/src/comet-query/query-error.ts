// The error of a query that does not parse, worded as CometBFT's query/syntax words it.

export class QueryError extends Error {
  override readonly name = 'QueryError';

  /** @param offset byte offset in the UTF-8 query, as CometBFT counts */
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}
