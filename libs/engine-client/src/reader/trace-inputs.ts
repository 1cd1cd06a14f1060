// What a trace of a block or one of its txs sends the engine (Ethermint's rpc/backend/tracing.go): the block's
// MsgEthereumTx messages as they are on the chain (either layout), of the txs Ethermint counts as included,
// with the block's number, hash, time and proposer.
import { MsgEthereumTx } from '@photon/ethermint-wire';
import { type Hex } from '@photon/types';
import { TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import { type CometBlockResults, type CometResultBlock, type CometTime } from '../comet/types';
import { blockEthereumTxs } from './block-ethereum-txs';

export interface TracedBlockTx {
  /** The Ethereum hash, 0x lowercase. */
  readonly hash: Hex;
  readonly msg: MsgEthereumTx;
}

export interface TraceInputs {
  readonly height: bigint;
  /** The CometBFT block hash, 0x lowercase. */
  readonly hash: Hex;
  readonly time: CometTime;
  /** The proposer's 20-byte consensus address. */
  readonly proposerAddress: Hex;
  /** The included Ethereum txs in block order. */
  readonly txs: readonly TracedBlockTx[];
}

const MSG_ETHEREUM_TX = MsgEthereumTx.typeUrl;

/** The MsgEthereumTx messages of one Cosmos tx, in message order. */
function ethereumMessages(txBytes: Uint8Array): MsgEthereumTx[] {
  const body = TxBody.decode(TxRaw.decode(txBytes).bodyBytes);
  return body.messages
    .filter((any) => any.typeUrl === MSG_ETHEREUM_TX)
    .map((any) => MsgEthereumTx.decode(any.value));
}

export function traceInputs(resultBlock: CometResultBlock, results: CometBlockResults): TraceInputs {
  const included = blockEthereumTxs(resultBlock, results);
  const messagesByTx = new Map<number, MsgEthereumTx[]>();
  const used = new Map<number, number>();
  const txs: TracedBlockTx[] = included.map((tx) => {
    let messages = messagesByTx.get(tx.cometIndex);
    if (messages === undefined) {
      messages = ethereumMessages(resultBlock.block.txs[tx.cometIndex] ?? new Uint8Array());
      messagesByTx.set(tx.cometIndex, messages);
    }
    const position = used.get(tx.cometIndex) ?? 0;
    used.set(tx.cometIndex, position + 1);
    const msg = messages[position];
    if (msg === undefined) throw new Error(`no message ${position} in tx ${tx.cometIndex}`);
    return { hash: tx.hash, msg };
  });
  const header = resultBlock.block.header;
  return {
    height: header.height,
    hash: resultBlock.blockId.hash,
    time: header.time,
    proposerAddress: header.proposerAddress,
    txs,
  };
}
