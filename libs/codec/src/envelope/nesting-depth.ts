// How deep a decoded JSON value nests, found without recursion: JSON.parse reads a body nested
// millions deep, but every recursive walk after it (JSON.stringify, validators, log formatters) runs
// out of stack long before, so params are bounded once, here, before anything walks them.

/**
 * Most levels a request's params may nest, the params array or object itself being level 1. The
 * deepest params a real client sends (eth_call state overrides, EIP-712 typed data, log topic
 * lists) nest under 10; 64 leaves them room while keeping every recursive consumer far from
 * the stack (V8 overflows near 5,000 levels in JSON.stringify).
 */
export const MAX_PARAMS_DEPTH = 64;

/**
 * True when `value` nests deeper than `limit` levels (an array or object is one level, a primitive
 * none). Stops at the first path past the limit, so a hostile value costs at most the nodes of its
 * first `limit` levels.
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const stack: unknown[] = [value];
  const depths: number[] = [1];
  while (stack.length > 0) {
    const node = stack.pop() as object;
    const depth = depths.pop()!;
    if (depth > limit) return true;
    const children = Array.isArray(node) ? (node as unknown[]) : Object.values(node);
    for (const child of children) {
      if (typeof child === 'object' && child !== null) {
        stack.push(child);
        depths.push(depth + 1);
      }
    }
  }
  return false;
}
