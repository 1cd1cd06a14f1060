// Unit tests for the order the bench measures in.
import { schedule } from './rounds';

const order = (steps: ReturnType<typeof schedule<string, string>>): string[] =>
  steps.map((s) => `${s.round}:${s.workload}:${s.target}${s.warmup ? '+w' : ''}`);

describe(schedule.name, () => {
  it('default', () => {
    expect(order(schedule(2, ['single', 'batch'], ['echo', 'photon']))).toEqual([
      '1:single:echo+w',
      '1:single:photon+w',
      '1:batch:echo+w',
      '1:batch:photon+w',
      '2:single:photon',
      '2:single:echo',
      '2:batch:photon',
      '2:batch:echo',
    ]);
  });

  it('behavior: every target × workload is measured once per round and warmed up only in round 1', () => {
    const steps = schedule(3, ['a', 'b'], ['x', 'y', 'z']);
    expect(steps).toHaveLength(3 * 2 * 3);
    for (const round of [1, 2, 3]) {
      const inRound = steps.filter((s) => s.round === round);
      expect(new Set(inRound.map((s) => `${s.workload}${s.target}`)).size).toBe(6);
      expect(inRound.every((s) => s.warmup === (round === 1))).toBe(true);
    }
    expect(order(steps.filter((s) => s.round === 3 && s.workload === 'a'))).toEqual([
      '3:a:x',
      '3:a:y',
      '3:a:z',
    ]);
  });

  it('behavior: the input lists are left as they were', () => {
    const targets = ['x', 'y'];
    schedule(2, ['a'], targets);
    expect(targets).toEqual(['x', 'y']);
  });

  it('error: fewer than one round, or a fraction', () => {
    expect(() => schedule(0, ['a'], ['x'])).toThrow(RangeError);
    expect(() => schedule(1.5, ['a'], ['x'])).toThrow(RangeError);
  });
});
