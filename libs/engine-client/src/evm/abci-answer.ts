// The verdict of an abci_query: its value, HeightNotAvailableError when the application has no state at that
// height (Cosmos SDK baseapp's CreateQueryContext texts, v0.45–v0.50), or AbciQueryError for anything else.
import { type CometAbciQuery } from '../comet/types';
import { AbciQueryError, HeightNotAvailableError } from '../errors';

/** sdkerrors.ErrInvalidHeight: "cannot query with height in the future", "… is not ready; please wait for first block". */
const SDK_INVALID_HEIGHT = 26;
const HEIGHT_TEXTS = [
  // Pruned or never stored: ErrInvalidRequest (≤ v0.47) or ErrNotFound (v0.50) wrapping the store's error.
  /failed to load state at height/,
  /cannot query with height in the future/,
  /is not ready; please wait for first block/,
  /version does not exist/,
];

export function abciValue(path: string, answer: CometAbciQuery, height: bigint | undefined): Uint8Array {
  if (answer.code === 0) return answer.value;
  const heightProblem =
    (answer.codespace === 'sdk' && answer.code === SDK_INVALID_HEIGHT) ||
    HEIGHT_TEXTS.some((re) => re.test(answer.log));
  if (heightProblem) throw new HeightNotAvailableError(height, answer.log);
  throw new AbciQueryError(path, answer.code, answer.codespace, answer.log);
}
