// geth's 4byteTracer (eth/tracers/native/4byte.go): how often each function selector was called, keyed
// `0x<selector>-<calldata size after it>`, counting the top call and every CALL, CALLCODE, DELEGATECALL and
// STATICCALL to a non-precompile with at least 4 bytes of input (creations are not calls of a function).
import type { Message } from '@ethereumjs/evm';
import type { Address } from '@ethereumjs/util';
import { bareHex, type Tracer } from './tracer';

export class FourByteTracer implements Tracer {
  readonly wantsSteps = false;
  readonly wantsState = false;
  private readonly ids = new Map<string, number>();

  constructor(private readonly isPrecompile: (address: Address) => boolean) {}

  begin(): void {
    return undefined;
  }

  enter(message: Message): void {
    if (message.to === undefined || message.data.length < 4) return;
    if (message.depth > 0 && this.isPrecompile(message.codeAddress)) return;
    const key = `0x${bareHex(message.data.subarray(0, 4))}-${message.data.length - 4}`;
    this.ids.set(key, (this.ids.get(key) ?? 0) + 1);
  }

  result(): Promise<unknown> {
    return Promise.resolve(Object.fromEntries(this.ids));
  }
}

/** geth's noopTracer: runs the transaction and answers `{}`. */
export class NoopTracer implements Tracer {
  readonly wantsSteps = false;
  readonly wantsState = false;

  begin(): void {
    return undefined;
  }

  result(): Promise<unknown> {
    return Promise.resolve({});
  }
}
