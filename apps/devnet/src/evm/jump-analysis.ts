// ethereumjs analyses a frame's code (where the JUMPDESTs are, each PUSH's value, each byte's opcode entry)
// at the frame's first JUMP, in every call: for an ERC-20 read a tenth of the devnet's eth_call. The analysis
// depends only on the code and the EVM's opcode table, and CommittedReads hands a query VM the same bytes
// object for the same code every call, so query VMs keep each analysis per (opcode table, code bytes).
// ethereumjs does not export its Interpreter: its prototype is reached through the package's own file.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

interface JumpAnalysis {
  readonly jumps: Uint8Array;
  readonly pushes: Record<number, bigint>;
  readonly opcodesCached: unknown[];
}

interface Interpreter {
  readonly _evm: { readonly _opcodeMap: object };
  _getValidJumpDestinations: (this: Interpreter, code: Uint8Array) => JumpAnalysis;
}

/** The EVMs whose interpreters keep analyses (the query VMs'; block production analyses every time). */
const keeping = new WeakSet<object>();
/** Analyses by opcode table (an EVM replaces its table on a hardfork change), then by code bytes. */
const analyses = new WeakMap<object, WeakMap<Uint8Array, JumpAnalysis>>();
let installed = false;

function install(): void {
  if (installed) return;
  const load = createRequire(__filename);
  const file = join(dirname(load.resolve('@ethereumjs/evm')), 'interpreter.js');
  const { Interpreter } = load(file) as { Interpreter?: { prototype: Interpreter } };
  if (typeof Interpreter?.prototype._getValidJumpDestinations !== 'function') {
    throw new Error('@ethereumjs/evm has no Interpreter._getValidJumpDestinations');
  }
  const analyse = Interpreter.prototype._getValidJumpDestinations;
  Interpreter.prototype._getValidJumpDestinations = function (this: Interpreter, code: Uint8Array) {
    if (!keeping.has(this._evm)) return analyse.call(this, code);
    const table = this._evm._opcodeMap;
    let byCode = analyses.get(table);
    if (byCode === undefined) {
      byCode = new WeakMap();
      analyses.set(table, byCode);
    }
    let analysis = byCode.get(code);
    if (analysis === undefined) {
      // The interpreter only reads what it is given (validJumps, cachedPushes, the opcode entries).
      analysis = analyse.call(this, code);
      byCode.set(code, analysis);
    }
    return analysis;
  };
  installed = true;
}

/** Makes `evm`'s interpreters reuse the jump analysis of code bytes they have analysed before. */
export function keepJumpAnalyses(evm: object): void {
  install();
  keeping.add(evm);
}
