import { fieldNumbers } from '../testing/wire-fields';
import { ChainConfig, Params } from './evm-params';

const chainConfig: ChainConfig = {
  homesteadBlock: '0',
  daoForkBlock: '0',
  daoForkSupport: true,
  eip150Block: '0',
  eip150Hash: `0x${'00'.repeat(32)}`,
  eip155Block: '0',
  eip158Block: '0',
  byzantiumBlock: '0',
  constantinopleBlock: '0',
  petersburgBlock: '0',
  istanbulBlock: '0',
  muirGlacierBlock: '0',
  berlinBlock: '0',
  londonBlock: '0',
  arrowGlacierBlock: '0',
  grayGlacierBlock: '0',
  mergeNetsplitBlock: '0',
  shanghaiTime: '0',
  cancunTime: '0',
  pragueTime: '1700000000',
};

describe('ChainConfig', () => {
  it('default', () => {
    expect(ChainConfig.decode(ChainConfig.encode(chainConfig))).toEqual(chainConfig);
    // 14-16 and 19 are reserved upstream (yolo_v3, ewasm, catalyst, merge_fork blocks).
    expect(fieldNumbers(ChainConfig.encode(chainConfig))).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 17, 18, 20, 21, 22, 23, 24,
    ]);
  });
});

describe('Params', () => {
  it('default', () => {
    const params: Params = {
      evmDenom: 'aphoton',
      enableCreate: true,
      enableCall: true,
      extraEips: [3855n, 2200n],
      chainConfig,
      allowUnprotectedTxs: true,
      headerHashNum: 256n,
    };
    expect(Params.decode(Params.encode(params))).toEqual(params);
    expect(fieldNumbers(Params.encode(params))).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('behavior: extra_eips is packed, as Go writes repeated scalars', () => {
    const bytes = Params.encode(Params.fromPartial({ extraEips: [1n, 2n] }));
    expect(bytes).toEqual(Uint8Array.from([0x22, 0x02, 0x01, 0x02]));
  });
});
