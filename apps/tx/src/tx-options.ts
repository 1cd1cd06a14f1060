// What the tx service needs from its config, as a Nest token.

export interface TxOptions {
  /** The tier's EIP-155 chain id (--chain-id): raw transactions must be signed for it. */
  readonly chainId: bigint;
  /** CometBFT RPC of the engine (a real node or the devnet). */
  readonly engineUrl: URL;
  /** --allow-unprotected-txs: accept legacy transactions signed without a chain id (pre-EIP-155). */
  readonly allowUnprotectedTxs: boolean;
}

export const TX_OPTIONS = Symbol('TX_OPTIONS');
