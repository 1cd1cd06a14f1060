// The struct logger's formatting, on step events made by hand: what geth prints for each field.
import type { EVMResult, InterpreterStep, Message } from '@ethereumjs/evm';
import { createAddressFromString } from '@ethereumjs/util';
import { StructLogger } from './struct-logger';

const CONTRACT = createAddressFromString(`0x${'11'.repeat(20)}`);
const OPTIONS = {
  disableStack: false,
  disableStorage: false,
  enableMemory: false,
  enableReturnData: false,
  limit: 0,
};

function step(
  op: string,
  code: number,
  stack: bigint[],
  extra: Partial<InterpreterStep> = {},
): InterpreterStep {
  return {
    pc: 7,
    gasLeft: 1000n,
    gasRefund: 0n,
    opcode: { name: op, fee: 3, dynamicFee: 3n, isAsync: false, code },
    stack,
    depth: 0,
    address: CONTRACT,
    memory: new Uint8Array(),
    memoryWordCount: 0n,
    ...extra,
  } as InterpreterStep;
}

const message = (depth: number): Message => ({ depth }) as Message;
const ended = (error?: string): EVMResult =>
  ({
    execResult: {
      returnValue: new Uint8Array(),
      executionGasUsed: 0n,
      exceptionError: error === undefined ? undefined : { error },
    },
  }) as unknown as EVMResult;
const outcome = {
  gasUsed: 21_000n,
  returnValue: Uint8Array.of(0xab),
  vmError: '',
  createdAddress: undefined,
};

describe(StructLogger.name, () => {
  it('default: 0x stack items bottom first, 1-based depth, refund when set', async () => {
    const logger = new StructLogger(OPTIONS);
    logger.enter(message(0));
    logger.step(step('ADD', 0x01, [1n, 0xffn], { gasRefund: 4800n }));
    logger.exit(ended());
    expect(await logger.result(outcome)).toEqual({
      gas: 21000,
      failed: false,
      returnValue: 'ab',
      structLogs: [
        { pc: 7, op: 'ADD', gas: 1000, gasCost: 3, depth: 1, stack: ['0x1', '0xff'], refund: 4800 },
      ],
    });
  });

  it('args: memory as 32-byte bare hex words; storage of SLOAD from the next step, of SSTORE from the stack', async () => {
    const logger = new StructLogger({ ...OPTIONS, enableMemory: true, disableStack: true });
    logger.enter(message(0));
    logger.step(step('SSTORE', 0x55, [5n, 1n], { memory: new Uint8Array(64).fill(1) }));
    logger.step(step('SLOAD', 0x54, [2n]));
    logger.step(step('STOP', 0x00, [9n]));
    logger.exit(ended());
    const { structLogs } = (await logger.result(outcome)) as { structLogs: Record<string, unknown>[] };
    const word = (n: number): string => n.toString(16).padStart(64, '0');
    expect(structLogs[0]).toMatchObject({
      memory: ['01'.repeat(32), '01'.repeat(32)],
      storage: { [word(1)]: word(5) },
    });
    expect(structLogs[0]).not.toHaveProperty('stack');
    expect(structLogs[1]).toMatchObject({ memory: [], storage: { [word(1)]: word(5), [word(2)]: word(9) } });
    expect(structLogs[2]).not.toHaveProperty('storage');
  });

  it('behavior: the last step of a frame that failed carries the error; a revert keeps its data', async () => {
    const logger = new StructLogger({ ...OPTIONS, limit: 2 });
    logger.enter(message(0));
    logger.step(step('PUSH1', 0x60, []));
    logger.step(step('SLOAD', 0x54, [1n]));
    logger.step(step('STOP', 0x00, []));
    logger.exit(ended('out of gas'));
    const failed = (await logger.result({ ...outcome, vmError: 'out of gas' })) as Record<string, unknown>;
    expect(failed).toMatchObject({ failed: true, returnValue: '' });
    expect((failed.structLogs as Record<string, unknown>[]).map((entry) => entry.error)).toEqual([
      undefined,
      'out of gas',
    ]);
    const reverted = new StructLogger(OPTIONS);
    expect(await reverted.result({ ...outcome, vmError: 'execution reverted' })).toMatchObject({
      failed: true,
      returnValue: 'ab',
      structLogs: [],
    });
  });
});
