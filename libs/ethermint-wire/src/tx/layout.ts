// The two ways Ethermint has put an Ethereum transaction inside MsgEthereumTx.

/**
 * - `maintained`: crypto-org-chain/ethermint (Cronos >= v1.4, Cosmos SDK 0.50): `from` (20 bytes) + `raw`
 *   (signed EIP-2718 bytes).
 * - `legacy`: evmos/ethermint and Cronos before v1.4: `data` = Any(LegacyTx | AccessListTx | DynamicFeeTx)
 *   holding the fields and signature, `hash` = the Ethereum hash, `from` left empty.
 */
export type WireLayout = 'maintained' | 'legacy';
