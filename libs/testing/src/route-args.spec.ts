import { GATEWAY_SCHEMA, KEYSTORE_SCHEMA, QUERY_SCHEMA } from '@photon/config';
import { argsFor, flagGroups, hasFlag } from './route-args';

const SCHEMAS = [GATEWAY_SCHEMA, QUERY_SCHEMA, KEYSTORE_SCHEMA];

describe(flagGroups.name, () => {
  it('default: values, = forms and boolean flags each make one group', () => {
    expect(
      flagGroups(['--rpc-api', 'eth,personal', '--log-level=warn', '--lightkdf', '--chain-id', '7'], SCHEMAS),
    ).toEqual([['--rpc-api', 'eth,personal'], ['--log-level=warn'], ['--lightkdf'], ['--chain-id', '7']]);
  });

  it('error: a flag no process takes, a missing value, a stray value', () => {
    expect(() => flagGroups(['--nope', '1'], SCHEMAS)).toThrow('--nope is no flag of any process');
    expect(() => flagGroups(['--rpc-api'], SCHEMAS)).toThrow('--rpc-api needs a value');
    expect(() => flagGroups(['eth'], SCHEMAS)).toThrow('"eth" is not a --flag');
  });
});

describe(argsFor.name, () => {
  it('behavior: each process gets only the flags of its command', () => {
    const groups = flagGroups(['--rpc-api', 'eth', '--log-level', 'warn', '--lightkdf'], SCHEMAS);
    expect(argsFor(GATEWAY_SCHEMA, groups)).toEqual(['--rpc-api', 'eth', '--log-level', 'warn']);
    expect(argsFor(QUERY_SCHEMA, groups)).toEqual(['--log-level', 'warn']);
    expect(argsFor(KEYSTORE_SCHEMA, groups)).toEqual(['--log-level', 'warn', '--lightkdf']);
    expect(hasFlag(groups, 'lightkdf')).toBe(true);
    expect(hasFlag(groups, 'keystore-dir')).toBe(false);
  });
});
