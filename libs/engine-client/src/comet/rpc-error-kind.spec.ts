import { EngineRpcError } from '../errors';
import { isMissingHeight, isTxNotFound } from './rpc-error-kind';

const rpcError = (data: string) => new EngineRpcError('block', -32603, 'Internal error', data);

describe(isMissingHeight.name, () => {
  it.each([
    'height 9 must be less than or equal to the current blockchain height 3',
    'height 2 is not available, lowest height is 100',
    'height must be greater than 0, but got 0',
    'could not find results for height #12',
    "min height 1003 can't be greater than max height 3",
  ])('default: %s', (data) => {
    expect(isMissingHeight(rpcError(data))).toBe(true);
  });

  it('behavior: other errors are not', () => {
    expect(isMissingHeight(rpcError('tx (AB) not found'))).toBe(false);
    expect(
      isMissingHeight(new Error('height 9 must be less than or equal to the current blockchain height 3')),
    ).toBe(false);
  });
});

describe(isTxNotFound.name, () => {
  it('default: CometBFT tx not found', () => {
    expect(isTxNotFound(rpcError('tx (0A1B) not found'))).toBe(true);
    expect(isTxNotFound(rpcError('height 1 is not available'))).toBe(false);
  });
});
