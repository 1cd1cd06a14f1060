// The ethereumjs chain configuration: a custom chain (EIP-155 id from the Cosmos chain-id) at the
// Cancun rules, which includes EIP-1559; Ethermint's maintained line runs the same opcode set.
import { type Common, createCustomCommon, Hardfork, Mainnet } from '@ethereumjs/common';
import { keccak256Bytes } from '@photon/ethermint-wire';

export const EVM_HARDFORK = Hardfork.Cancun;

/**
 * A Common for `chainId` at Cancun; pass the same instance to every VM and tx of one chain. Its Keccak (the
 * EVM's KECCAK256 opcode, the state trie's hashed keys and nodes) is js-sha3's, twice as fast as the noble one
 * ethereumjs brings.
 */
export function createPhotonCommon(chainId: bigint): Common {
  return createCustomCommon({ chainId: Number(chainId), name: `photon-${chainId}` }, Mainnet, {
    hardfork: EVM_HARDFORK,
    customCrypto: { keccak256: keccak256Bytes },
  });
}

/** Ethermint `ChainConfig` (every fork active from genesis, as in its DefaultChainConfig, plus Cancun). */
export function ethermintChainConfig(): Record<string, string | boolean | null> {
  const zero = '0';
  return {
    homesteadBlock: zero,
    daoForkBlock: zero,
    daoForkSupport: true,
    eip150Block: zero,
    eip150Hash: `0x${'00'.repeat(32)}`,
    eip155Block: zero,
    eip158Block: zero,
    byzantiumBlock: zero,
    constantinopleBlock: zero,
    petersburgBlock: zero,
    istanbulBlock: zero,
    muirGlacierBlock: zero,
    berlinBlock: zero,
    londonBlock: zero,
    arrowGlacierBlock: zero,
    grayGlacierBlock: zero,
    mergeNetsplitBlock: zero,
    shanghaiTime: zero,
    cancunTime: zero,
    pragueTime: null,
  };
}
