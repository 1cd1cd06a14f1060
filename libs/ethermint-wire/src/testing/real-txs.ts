// Transactions recorded from real Ethermint chains (older layout), with the values their sources state.

/**
 * Cronos mainnet (chain id 25) LegacyTx, Ethermint v0.7-era: MsgEthereumTx carries `size` and `hash`.
 * Source: evmos/evmosjs, packages/proto/example/protoTransactionToEthTransaction.md (commit 6203431d),
 * which states the sender and hash below (https://cronoscan.com/tx/0xd82d4fe7…).
 */
export const CRONOS_LEGACY_TX = {
  base64:
    'CpgDCuQCCh8vZXRoZXJtaW50LmV2bS52MS5Nc2dFdGhlcmV1bVR4EsACCvABChovZXRoZXJtaW50LmV2bS52MS5MZWdhY3lUeBLRAQgBEg01MDAwMDAwMDAwMDAwGP3wAiIqMHhEQzViQkRiNEE0YjA1MUJEQjg1Qjk1OWVCM2NCRDFjOEMwZDBjMTA1KgEwMkSiLLRlAAAAAAAAAAAAAAAAejzbI2T5I2mmAsroEWfQZ5CH5qMAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAToBVUIgLB9VIqNf1ehvCU+duvAioON8KnG/dm6uyCXm5ftj6G5KIAfE/UfA1uCbKVxlsqYWPgu22ORLlm0aGC3CiKawhcmJEQAAAAAAgGVAGkIweGQ4MmQ0ZmU3YWMzYzczZDYzOTQ5MjBlZGU5NDUzNmQyZjM0ZmU2MTAxYTljZWM5NzQxZmM3OTIzNThjNjlmNWT6Py4KLC9ldGhlcm1pbnQuZXZtLnYxLkV4dGVuc2lvbk9wdGlvbnNFdGhlcmV1bVR4EiUSIwodCgdiYXNlY3JvEhIyMzYxNDUwMDAwMDAwMDAwMDAQ/fAC',
  from: '0x8b6b989d0b1256dc574de378734a4bc85e3cd2db',
  hash: '0xd82d4fe7ac3c73d6394920ede94536d2f34fe6101a9cec9741fc792358c69f5d',
};

/**
 * Cronos testnet (cronostestnet_338-3) block 5168311, its only tx: a DynamicFeeTx, and its tx_result.data
 * (SDK 0.46 `msg_responses`). Source: crypto-com/chain-indexing,
 * usecase/parser/test/tx_msg_extension_option_dynamic_fee_tx.go (commit 7bcf8748), whose block_results
 * events give ethereumTxHash, txHash (CometBFT) and the sender below.
 */
export const CRONOS_TESTNET_DYNAMIC_FEE_TX = {
  base64:
    'CqQDCvACCh8vZXRoZXJtaW50LmV2bS52MS5Nc2dFdGhlcmV1bVR4EswCCoUCCh4vZXRoZXJtaW50LmV2bS52MS5EeW5hbWljRmVlVHgS4gEKAzMzOBBzGg01MDAwMDAwMDAwMDAwIg01MDAwMDAwMDAwMDAwKML9AjIqMHg5MDRCZDVhNUFBQzBCOWQ4OEEwRDQ3ODY0NzI0MjE4OTg2QWQ0YTNhOgEwQkQJXqezAAAAAAAAAAAAAAAA9WTvADS7fXzYRBInXh5RNk1NdzT//////////////////////////////////////////1ogHHigR02IN48gvEM991C/MOCmbVfOw9Sj804IhtI5z2RiIErKR5ojgKDOG0HbwIoPSPD0My7+Rk8xJYXETqaTtFqVGkIweGQ1NmRiNjU2NzJhNDhkYWFmMTRmNzQzZjUzYzMxNmEzZWJhMTMwZDcyYmViNzAzNDI5NmY0ZWEzZjdlNDliNTP6Py4KLC9ldGhlcm1pbnQuZXZtLnYxLkV4dGVuc2lvbk9wdGlvbnNFdGhlcmV1bVR4EiYSJAoeCghiYXNldGNybxISMjQ0MTcwMDAwMDAwMDAwMDAwEML9Ag==',
  denom: 'basetcro',
  from: '0xe089d1a0d151a13d812ea4e8d648f1dc58b41ca9',
  hash: '0xd56db65672a48daaf14f743f53c316a3eba130d72beb7034296f4ea3f7e49b53',
  cometHash: '3F1B98E6A43A3666699CA28DA2A0872E1478E092F7EC3FCF8A94202BB8B330D2',
  resultDataBase64:
    'EsAECicvZXRoZXJtaW50LmV2bS52MS5Nc2dFdGhlcmV1bVR4UmVzcG9uc2USlAQKQjB4ZDU2ZGI2NTY3MmE0OGRhYWYxNGY3NDNmNTNjMzE2YTNlYmExMzBkNzJiZWI3MDM0Mjk2ZjRlYTNmN2U0OWI1MxKnAwoqMHg5MDRCZDVhNUFBQzBCOWQ4OEEwRDQ3ODY0NzI0MjE4OTg2QWQ0YTNhEkIweDhjNWJlMWU1ZWJlYzdkNWJkMTRmNzE0MjdkMWU4NGYzZGQwMzE0YzBmN2IyMjkxZTViMjAwYWM4YzdjM2I5MjUSQjB4MDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwZTA4OWQxYTBkMTUxYTEzZDgxMmVhNGU4ZDY0OGYxZGM1OGI0MWNhORJCMHgwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDBmNTY0ZWYwMDM0YmI3ZDdjZDg0NDEyMjc1ZTFlNTEzNjRkNGQ3NzM0GiD//////////////////////////////////////////yC3ubsCKkIweGQ1NmRiNjU2NzJhNDhkYWFmMTRmNzQzZjUzYzMxNmEzZWJhMTMwZDcyYmViNzAzNDI5NmY0ZWEzZjdlNDliNTM6QjB4YmFlOTljYmE2ZTkwOGE2YWEyZmZmNWVmOWY4MjZhYzgxYTMwZGRmOTcxN2M0OTY2YTFjMGU5YzYxMmI4NDgxNBogAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAEo69oC',
  gasUsed: 44395n,
};

export const fromBase64 = (b64: string): Uint8Array => new Uint8Array(Buffer.from(b64, 'base64'));
