import { InvalidParamsError } from '../errors/rpc-errors';
import { decodeParams } from './decode-params';
import { NoParams } from './no-params';
import { Param } from './param-index';
import { IsAddress, IsBlockParam, IsBool, IsQuantity } from './validators';
import type { BlockParam } from '../primitives';

const ADDRESS = '0x52908400098527886e0f7030069857d2e4169ee7';

class SampleParams {
  @Param(0) @IsAddress() address!: string;
  @Param(1) @IsQuantity() amount!: bigint;
  @Param(2, { optional: true }) @IsBlockParam() block?: BlockParam;
  @Param(3, { optional: true }) @IsBool() flag?: boolean;
}

function errorOf(run: () => unknown): InvalidParamsError {
  try {
    run();
  } catch (error) {
    if (error instanceof InvalidParamsError) return error;
    throw error;
  }
  throw new Error('expected an InvalidParamsError');
}

describe(decodeParams.name, () => {
  it('default', () => {
    const params = decodeParams(SampleParams, [
      ADDRESS.toUpperCase().replace('0X', '0x'),
      '0x10',
      'latest',
      true,
    ]);
    expect(params).toBeInstanceOf(SampleParams);
    expect(params).toEqual({
      address: ADDRESS,
      amount: 16n,
      block: { kind: 'tag', tag: 'latest' },
      flag: true,
    });
  });

  it('args: optional params absent or null', () => {
    expect(decodeParams(SampleParams, [ADDRESS, '0x1'])).toMatchObject({ block: undefined, flag: undefined });
    expect(decodeParams(SampleParams, [ADDRESS, '0x1', null, null])).toMatchObject({
      block: undefined,
      flag: undefined,
    });
  });

  it('args: absent or null params mean no arguments', () => {
    expect(decodeParams(NoParams, undefined)).toBeInstanceOf(NoParams);
    expect(decodeParams(NoParams, null)).toBeInstanceOf(NoParams);
    expect(decodeParams(NoParams, [])).toBeInstanceOf(NoParams);
    expect(errorOf(() => decodeParams(SampleParams, null)).message).toBe(
      'missing value for required argument 0',
    );
  });

  it('error: named params', () => {
    const error = errorOf(() => decodeParams(SampleParams, { address: ADDRESS }));
    expect(error.code).toBe(-32602);
    expect(error.message).toBe('non-array args');
    expect(errorOf(() => decodeParams(NoParams, 'x')).message).toBe('non-array args');
  });

  it('error: too many arguments', () => {
    expect(errorOf(() => decodeParams(SampleParams, [ADDRESS, '0x1', 'latest', true, 1])).message).toBe(
      'too many arguments, want at most 4',
    );
    expect(errorOf(() => decodeParams(NoParams, [1])).message).toBe('too many arguments, want at most 0');
  });

  it('error: missing required argument', () => {
    expect(errorOf(() => decodeParams(SampleParams, [ADDRESS])).message).toBe(
      'missing value for required argument 1',
    );
    expect(errorOf(() => decodeParams(SampleParams, [ADDRESS, null])).message).toBe(
      'missing value for required argument 1',
    );
  });

  it('error: a bad field names its zero-based position and the codec reason', () => {
    const error = errorOf(() => decodeParams(SampleParams, [ADDRESS, '0x01']));
    expect(error.code).toBe(-32602);
    expect(error.message).toBe('invalid argument 1: hex number with leading zero digits');
    expect(errorOf(() => decodeParams(SampleParams, [ADDRESS, '0x1', 'newest'])).message).toBe(
      'invalid argument 2: hex string without 0x prefix',
    );
    expect(errorOf(() => decodeParams(SampleParams, [ADDRESS, '0x1', 'latest', 'yes'])).message).toBe(
      'invalid argument 3: json: cannot unmarshal string into Go value of type bool',
    );
  });

  it('behavior: the first bad argument in order wins, missing or malformed', () => {
    expect(errorOf(() => decodeParams(SampleParams, ['0x12', '0x01'])).message).toBe(
      'invalid argument 0: hex string has length 2, want 40 for common.Address',
    );
    expect(errorOf(() => decodeParams(SampleParams, [null, '0x01'])).message).toBe(
      'missing value for required argument 0',
    );
    expect(errorOf(() => decodeParams(SampleParams, ['0x12'])).message).toBe(
      'invalid argument 0: hex string has length 2, want 40 for common.Address',
    );
  });

  it('behavior: instances do not share state', () => {
    const first = decodeParams(SampleParams, [ADDRESS, '0x1']);
    const second = decodeParams(SampleParams, [ADDRESS, '0x2', 'pending']);
    expect(first.amount).toBe(1n);
    expect(first.block).toBeUndefined();
    expect(second.block).toEqual({ kind: 'tag', tag: 'pending' });
  });
});
