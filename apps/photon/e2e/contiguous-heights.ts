// The check every event test makes of what a follower got: every height once, each the one after the
// previous, and enough of them to mean something.

export function expectContiguous(heights: readonly bigint[], atLeast = 1): void {
  const gaps = heights.filter((height, index) => index > 0 && height !== heights[index - 1]! + 1n);
  expect({ gaps, enough: heights.length >= atLeast }).toEqual({ gaps: [], enough: true });
}
