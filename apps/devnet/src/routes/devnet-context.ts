// What the RPC routes of the devnet read: the committed chain, the EVM, the producer's mempool
// bookkeeping and the node's identity.
import type { BlockProducer } from '../chain/block-producer';
import type { ChainStore } from '../chain/chain-store';
import type { TxCache } from '../chain/tx-cache';
import type { EventBus } from '../events/comet-event';
import type { EvmChain } from '../evm';
import type { ValidatorKey } from '../node/validator-key';

export interface DevnetContext {
  readonly chainId: string;
  readonly store: ChainStore;
  readonly evm: EvmChain;
  readonly producer: BlockProducer;
  /** Recently broadcast txs, refused when sent again (CometBFT's mempool cache). */
  readonly txCache: TxCache;
  /** Every committed block's events, as published to websocket subscribers. */
  readonly bus: EventBus;
  readonly validator: ValidatorKey;
  /** The validator's account: the EVM coinbase of every block (Ethermint's proposer account). */
  readonly coinbase: `0x${string}`;
  /** The node id (hex of 20 bytes), as `status.node_info.id`. */
  readonly nodeId: string;
  /** The RPC listen address, as `status.node_info.other.rpc_address`. */
  readonly rpcAddress: string;
  readonly genesisTime: string;
  readonly genesisAppState: unknown;
}
