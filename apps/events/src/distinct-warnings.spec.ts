import { DistinctWarnings } from './distinct-warnings';

describe(DistinctWarnings.name, () => {
  it('default: a problem repeated without a recovery is warned about once', () => {
    const lines: string[] = [];
    const warnings = new DistinctWarnings((line) => lines.push(line), 'loop paused: ');
    warnings.problem(new Error('engine down'));
    warnings.problem(new Error('engine down'));
    warnings.problem('store down');
    expect(lines).toEqual(['loop paused: engine down', 'loop paused: store down']);
  });

  it('behavior: after a recovery the same problem is warned about again', () => {
    const lines: string[] = [];
    const warnings = new DistinctWarnings((line) => lines.push(line), '');
    warnings.problem(new Error('engine down'));
    warnings.cleared();
    warnings.problem(new Error('engine down'));
    expect(lines).toEqual(['engine down', 'engine down']);
  });

  it('behavior: a recovery after a warning is told once, with the reason it ends; one without a warning is not', () => {
    const lines: string[] = [];
    const warnings = new DistinctWarnings(
      (line) => lines.push(line),
      'loop paused: ',
      (reason) => lines.push(`loop resumed (paused: ${reason})`),
    );
    warnings.cleared();
    warnings.problem(new Error('engine down'));
    warnings.problem(new Error('store down'));
    warnings.cleared();
    warnings.cleared();
    expect(lines).toEqual([
      'loop paused: engine down',
      'loop paused: store down',
      'loop resumed (paused: store down)',
    ]);
  });
});
