// The x/evm module parameters (ethermint.evm.v1.Params and ChainConfig) and their codecs.
import { protoCodec, type ProtoCodec } from '../proto-codec';
import { type DecimalString } from './scalars';

/** go-ethereum's fork schedule; each value is a block number (or, from 22 on, a timestamp), "" = no fork. */
export interface ChainConfig {
  homesteadBlock: DecimalString;
  daoForkBlock: DecimalString;
  daoForkSupport: boolean;
  eip150Block: DecimalString;
  eip150Hash: string;
  eip155Block: DecimalString;
  eip158Block: DecimalString;
  byzantiumBlock: DecimalString;
  constantinopleBlock: DecimalString;
  petersburgBlock: DecimalString;
  istanbulBlock: DecimalString;
  muirGlacierBlock: DecimalString;
  berlinBlock: DecimalString;
  londonBlock: DecimalString;
  arrowGlacierBlock: DecimalString;
  grayGlacierBlock: DecimalString;
  mergeNetsplitBlock: DecimalString;
  /** Field 22: a timestamp in the maintained line, `shanghai_block` (a height) in evmos/ethermint v0.22. */
  shanghaiTime: DecimalString;
  /** Field 23: a timestamp in the maintained line, `cancun_block` (a height) in evmos/ethermint v0.22. */
  cancunTime: DecimalString;
  /** Field 24: maintained line only. */
  pragueTime: DecimalString;
}

export interface Params {
  /** Cosmos denom of the EVM's native token; the fee denom of wrapped Ethereum txs. */
  evmDenom: string;
  enableCreate: boolean;
  enableCall: boolean;
  extraEips: bigint[];
  /** Always set by Ethermint (non-nullable upstream); undefined only if a peer omits it. */
  chainConfig?: ChainConfig;
  allowUnprotectedTxs: boolean;
  /** Maintained line only. */
  headerHashNum: bigint;
}

export const ChainConfig: ProtoCodec<ChainConfig> = protoCodec('ethermint.evm.v1.ChainConfig');
export const Params: ProtoCodec<Params> = protoCodec('ethermint.evm.v1.Params');
