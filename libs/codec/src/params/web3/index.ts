// Params DTOs of the web3 namespace.
export { Web3Sha3Params } from './sha3.params';
