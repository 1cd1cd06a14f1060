// Params DTOs of the txpool namespace.
export { TxpoolContentFromParams } from './content-from.params';
