// The hardhat 2 node `pnpm bench --peers` measures: chain id 9000 like Photon's devnet, so the bench's
// signed transactions and request bodies are the same on every target.
module.exports = {
  networks: {
    hardhat: { chainId: 9000 },
  },
};
