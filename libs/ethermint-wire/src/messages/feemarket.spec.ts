import { fieldNumbers } from '../testing/wire-fields';
import { FeeMarketParams, FeeMarketQueryParamsRequest, FeeMarketQueryParamsResponse } from './feemarket';

const params: FeeMarketParams = {
  noBaseFee: true,
  baseFeeChangeDenominator: 8,
  elasticityMultiplier: 2,
  enableHeight: 1n,
  baseFee: '1000000000',
  minGasPrice: '5000000000000000000000000000',
  minGasMultiplier: '500000000000000000',
};

describe('FeeMarketParams', () => {
  it('default', () => {
    expect(FeeMarketParams.decode(FeeMarketParams.encode(params))).toEqual(params);
    // 4 (initial_base_fee) is reserved upstream.
    expect(fieldNumbers(FeeMarketParams.encode(params))).toEqual([1, 2, 3, 5, 6, 7, 8]);
    expect(FeeMarketParams.typeUrl).toBe('/ethermint.feemarket.v1.Params');
  });
});

describe('FeeMarketQueryParamsResponse', () => {
  it('default', () => {
    const response: FeeMarketQueryParamsResponse = { params };
    expect(FeeMarketQueryParamsResponse.decode(FeeMarketQueryParamsResponse.encode(response))).toEqual(
      response,
    );
    expect(FeeMarketQueryParamsRequest.encode({})).toEqual(new Uint8Array());
    expect(FeeMarketQueryParamsRequest.typeUrl).toBe('/ethermint.feemarket.v1.QueryParamsRequest');
  });
});
