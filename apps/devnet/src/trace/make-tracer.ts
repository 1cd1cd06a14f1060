// The tracer a plan names, new for each traced transaction.
import type { Address } from '@ethereumjs/util';
import { CallTracer } from './call-tracer';
import { FourByteTracer, NoopTracer } from './four-byte-tracer';
import { PrestateTracer } from './prestate-tracer';
import { StructLogger } from './struct-logger';
import type { TracerChoice } from './trace-config';
import type { Tracer } from './tracer';

export function makeTracer(choice: TracerChoice, isPrecompile: (address: Address) => boolean): Tracer {
  switch (choice.kind) {
    case 'struct':
      return new StructLogger(choice.options);
    case 'callTracer':
      return new CallTracer(choice.options);
    case 'prestateTracer':
      return new PrestateTracer(choice.options);
    case '4byteTracer':
      return new FourByteTracer(isPrecompile);
    case 'noopTracer':
      return new NoopTracer();
  }
}
