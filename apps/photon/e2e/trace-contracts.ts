// Two hand-assembled contracts for the tracing e2e (no solc needed): a forwarder whose every call is a nested
// CALL of its target with the same calldata (so traces have inner frames), and a loop that never ends (so
// the trace timeout has something to stop).

/** Init code: copy the runtime appended after these 9 bytes into memory and return it. */
function initCode(runtime: string): string {
  const size = runtime.length / 2;
  if (size > 0xff) throw new Error('runtime too long for this init code');
  return `0x60${size.toString(16).padStart(2, '0')}8060095f395ff3${runtime}`;
}

/**
 * Forwarder runtime: calldatacopy(0, 0, calldatasize); call(gas, target, 0, 0, calldatasize, 0, 0); pop;
 * returndatacopy(0, 0, returndatasize); return(0, returndatasize). A failed inner call still returns (its
 * revert data): the outer frame succeeds, the inner one shows the failure.
 */
export function forwarderInitCode(target: string): string {
  const address = target.toLowerCase().replace(/^0x/, '');
  return initCode(`365f5f375f5f365f5f73${address}5af1503d5f5f3e3d5ff3`);
}

/** Loop runtime: JUMPDEST PUSH0 JUMP. */
export const LOOP_INIT_CODE = initCode('5b5f56');
