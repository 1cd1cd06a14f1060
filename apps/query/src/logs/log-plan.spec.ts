import { planScan } from './log-plan';

const span = { low: 10n, high: 20n, anchor: '10:0x01' };

describe(planScan.name, () => {
  it('default: a range inside the span reads only the heights the index lists', () => {
    expect(planScan({ from: 12n, to: 18n }, { span, heights: [13n, 17n] })).toEqual({
      from: 12n,
      to: 18n,
      heights: [13n, 17n],
    });
  });

  it('behavior: the parts of a range outside the span are read block by block', () => {
    expect(planScan({ from: 8n, to: 22n }, { span, heights: [15n] }).heights).toEqual([
      8n,
      9n,
      15n,
      21n,
      22n,
    ]);
  });

  it('behavior: no span, or a range beside it, scans the whole range', () => {
    expect(planScan({ from: 1n, to: 5n }, { span: null, heights: [] })).toEqual({ from: 1n, to: 5n });
    expect(planScan({ from: 21n, to: 25n }, { span, heights: [] })).toEqual({ from: 21n, to: 25n });
  });
});
