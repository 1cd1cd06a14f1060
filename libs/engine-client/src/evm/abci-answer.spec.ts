import { type CometAbciQuery } from '../comet/types';
import { AbciQueryError, HeightNotAvailableError } from '../errors';
import { abciValue } from './abci-answer';

const answer = (fields: Partial<CometAbciQuery>): CometAbciQuery => ({
  code: 0,
  log: '',
  info: '',
  key: new Uint8Array(),
  value: new Uint8Array(),
  height: 0n,
  codespace: '',
  proofOps: [],
  ...fields,
});

describe(abciValue.name, () => {
  it('default: the value of a successful query', () => {
    expect(abciValue('/p', answer({ value: Uint8Array.of(1, 2) }), 5n)).toEqual(Uint8Array.of(1, 2));
  });

  it.each([
    // Cosmos SDK v0.50 CreateQueryContext, ErrInvalidHeight (26).
    [
      'future (v0.50)',
      26,
      'cannot query with height in the future; please provide a valid height: invalid height',
    ],
    ['before the first block', 26, 'photon-devnet is not ready; please wait for first block: invalid height'],
    // Pruned: ErrNotFound (38) in v0.50, ErrInvalidRequest (18) before.
    [
      'pruned (v0.50)',
      38,
      'failed to load state at height 3; version does not exist (latest height: 90): not found',
    ],
    [
      'pruned (v0.47)',
      18,
      'failed to load state at height 3; version does not exist (latest height: 90): invalid request',
    ],
  ])('behavior: %s is HeightNotAvailableError', (_name, code, log) => {
    expect(() => abciValue('/p', answer({ code, codespace: 'sdk', log }), 3n)).toThrow(
      HeightNotAvailableError,
    );
  });

  it('error: any other refusal keeps its ABCI fields', () => {
    const refused = answer({
      code: 18,
      codespace: 'sdk',
      log: 'rpc error: code = InvalidArgument desc = invalid address',
    });
    const thrown = (() => {
      try {
        return abciValue('/ethermint.evm.v1.Query/Balance', refused, undefined);
      } catch (error) {
        return error;
      }
    })();
    expect(thrown).toBeInstanceOf(AbciQueryError);
    expect(thrown).toMatchObject({ code: 18, codespace: 'sdk', path: '/ethermint.evm.v1.Query/Balance' });
  });
});
