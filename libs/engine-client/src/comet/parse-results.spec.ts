import { jsonRoot } from './json-read';
import { recordedResult } from '../testing/fixtures';
import { parseBlockResults, parseEvents } from './parse-results';

const b64 = (text: string) => Buffer.from(text, 'latin1').toString('base64');

describe(parseEvents.name, () => {
  it('default: plain attributes (CometBFT 0.37, 0.38)', () => {
    const events = parseEvents(
      jsonRoot(
        [{ type: 'fee_market', attributes: [{ key: 'base_fee', value: '7', index: true }] }],
        'events',
      ),
    );
    expect(events).toEqual([
      { type: 'fee_market', attributes: [{ key: 'base_fee', value: '7', index: true }] },
    ]);
  });

  it('behavior: base64 attributes (CometBFT 0.34) are decoded; null values are empty', () => {
    const events = parseEvents(
      jsonRoot(
        [
          {
            type: 'ethereum_tx',
            attributes: [
              { key: b64('ethereumTxHash'), value: b64('0xabc'), index: true },
              { key: b64('amount'), value: null },
            ],
          },
        ],
        'events',
      ),
    );
    expect(events[0]?.attributes).toEqual([
      { key: 'ethereumTxHash', value: '0xabc', index: true },
      { key: 'amount', value: '', index: false },
    ]);
  });

  it('behavior: plain keys that happen to be valid base64 stay plain', () => {
    // "mode" and "ethereumTxFailed" are base64 alphabet with a length multiple of 4.
    const events = parseEvents(
      jsonRoot(
        [
          { type: 'x', attributes: [{ key: 'mode', value: 'BeginBlock' }] },
          { type: 'y', attributes: [{ key: 'ethereumTxFailed', value: 'execution reverted' }] },
        ],
        'events',
      ),
    );
    expect(events.map((e) => e.attributes[0]?.key)).toEqual(['mode', 'ethereumTxFailed']);
  });

  it('behavior: a 0.34 value that is not UTF-8 keeps its bytes (one char per byte)', () => {
    const raw = String.fromCharCode(0, 0x80, 0xff);
    const events = parseEvents(
      jsonRoot([{ type: 'block_bloom', attributes: [{ key: b64('bloom'), value: b64(raw) }] }], 'e'),
    );
    expect(events[0]?.attributes[0]?.value).toBe(raw);
  });
});

describe(parseBlockResults.name, () => {
  it('default: 0.38 finalize_block_events', () => {
    const results = parseBlockResults(
      jsonRoot(
        { height: '4', txs_results: null, finalize_block_events: [], app_hash: 'AQ==' },
        'block_results',
      ),
    );
    expect(results).toEqual({
      height: 4n,
      txsResults: [],
      blockEvents: [],
      layout: 'finalize-block',
      appHash: '0x01',
    });
  });

  it('behavior: 0.34/0.37 begin_block_events then end_block_events', () => {
    const event = (type: string) => ({ type, attributes: [{ key: 'k', value: 'v' }] });
    const results = parseBlockResults(
      jsonRoot(
        { height: '4', txs_results: [], begin_block_events: [event('a')], end_block_events: [event('b')] },
        'block_results',
      ),
    );
    expect(results.layout).toBe('begin-end-block');
    expect(results.blockEvents.map((e) => e.type)).toEqual(['a', 'b']);
    expect(results.appHash).toBeUndefined();
  });
});

describe(`${parseBlockResults.name}: consensus param updates`, () => {
  const results = (extra: object) =>
    parseBlockResults(
      jsonRoot({ height: '7', txs_results: null, finalize_block_events: [], ...extra }, 'block_results'),
    );

  it('default: null updates mean the params did not change', () => {
    expect(results({ consensus_param_updates: null }).consensusParamUpdates).toBeNull();
  });

  it('behavior: the block params given, or not; a node without the field says nothing', () => {
    const withBlock = { block: { max_bytes: '22020096', max_gas: '-1' }, evidence: { max_bytes: '1' } };
    expect(results({ consensus_param_updates: withBlock }).consensusParamUpdates).toEqual({
      block: true,
      blockMaxGas: -1n,
    });
    expect(
      results({ consensus_param_updates: { evidence: { max_bytes: '1' } } }).consensusParamUpdates,
    ).toEqual({ block: false, blockMaxGas: undefined });
    expect(results({}).consensusParamUpdates).toBeUndefined();
  });

  it('behavior: a recorded Cronos block gives all its params, max_gas included', () => {
    const recorded = recordedResult('cronos-testnet-27101811', 'block_results');
    expect(parseBlockResults(jsonRoot(recorded, 'block_results')).consensusParamUpdates).toEqual({
      block: true,
      blockMaxGas: 360_000_000n,
    });
  });
});
