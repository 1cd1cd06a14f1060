import { findMethod } from '@photon/types';
import { invalidParams } from './invalid-params';

const ADDRESS = `0x${'11'.repeat(20)}`;
const paramsOf = (method: string) => findMethod(method)?.params ?? [];

describe(invalidParams.name, () => {
  it('default: every class for a method with a required address and an optional block', () => {
    expect(invalidParams(paramsOf('eth_getBalance'), [ADDRESS, 'latest'])).toEqual({
      'wrong type': [true, 'latest'],
      'missing required': [],
      extra: [ADDRESS, 'latest', 'extra'],
      'malformed hex': ['0xzz', 'latest'],
      'out of range': [`0x${'11'.repeat(21)}`, 'latest'],
    });
  });

  it('args: a method without params gets only the extra param', () => {
    expect(invalidParams(paramsOf('eth_chainId'), [])).toEqual({ extra: ['extra'] });
  });

  it('args: omitted optional params are padded with null, so the extra one is past every param', () => {
    expect(invalidParams(paramsOf('eth_getBalance'), [ADDRESS]).extra).toEqual([ADDRESS, null, 'extra']);
  });

  it('behavior: the first param a class applies to is spoiled (a boolean after a hash, objects inside)', () => {
    const hash = `0x${'ab'.repeat(32)}`;
    const classes = invalidParams(paramsOf('eth_getBlockByHash'), [hash, false]);
    expect(classes['wrong type']).toEqual([true, false]);
    expect(classes['out of range']).toEqual([`0x${'ab'.repeat(33)}`, false]);
    const call = invalidParams(paramsOf('eth_call'), [{ to: ADDRESS }, 'latest']);
    expect(call['malformed hex']).toEqual([{ to: '0xzz' }, 'latest']);
    expect(call['out of range']).toEqual([{ to: ADDRESS, gas: `0x1${'0'.repeat(16)}` }, 'latest']);
    expect(invalidParams(paramsOf('eth_sendRawTransaction'), ['0x02'])['out of range']).toBeUndefined();
  });
});
