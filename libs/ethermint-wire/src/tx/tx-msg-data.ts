// `tx_result.data` of an Ethereum tx: Cosmos TxMsgData holding one MsgEthereumTxResponse per MsgEthereumTx,
// where the logs, return data and VM error of each Ethereum transaction live.
import { TxMsgData } from 'cosmjs-types/cosmos/base/abci/v1beta1/abci';
import { wireGuard } from '../errors';
import { MsgEthereumTx, MsgEthereumTxResponse } from '../messages/evm-tx';

// Cosmos SDK < 0.46 filled the deprecated `data` list with MsgData{msg_type, data}: msg_type is the request's
// type URL since SDK 0.44, Msg.Type() ("ethereum_tx") before.
const LEGACY_MSG_TYPES: ReadonlySet<string> = new Set([MsgEthereumTx.typeUrl, 'ethereum_tx']);

/** TxMsgData as Cosmos SDK >= 0.46 writes it: `msg_responses` of Any(MsgEthereumTxResponse). */
export function encodeTxMsgData(responses: readonly MsgEthereumTxResponse[]): Uint8Array {
  return TxMsgData.encode(
    TxMsgData.fromPartial({ msgResponses: responses.map((r) => MsgEthereumTxResponse.toAny(r)) }),
  ).finish();
}

/**
 * The MsgEthereumTxResponses in `tx_result.data`, in message order; other messages' responses are skipped.
 * Reads `msg_responses` (SDK >= 0.46) and falls back to the deprecated `data` list (SDK 0.40-0.45).
 */
export function decodeTxMsgData(bytes: Uint8Array): MsgEthereumTxResponse[] {
  const data = wireGuard('malformed-protobuf', 'cosmos.base.abci.v1beta1.TxMsgData', () =>
    TxMsgData.decode(bytes),
  );
  if (data.msgResponses.length > 0) {
    return data.msgResponses
      .filter((any) => any.typeUrl === MsgEthereumTxResponse.typeUrl)
      .map((any) => MsgEthereumTxResponse.decode(any.value));
  }
  return data.data
    .filter((entry) => LEGACY_MSG_TYPES.has(entry.msgType))
    .map((entry) => MsgEthereumTxResponse.decode(entry.data));
}
