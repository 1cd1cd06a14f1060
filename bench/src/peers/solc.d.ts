// The slice of solc-js (which ships no types) that shanghai-token.ts uses.
declare module 'solc' {
  /** Standard JSON in, standard JSON out. */
  export function compile(input: string): string;
  /** e.g. 0.8.28+commit.7893614a.Emscripten.clang */
  export function version(): string;
}
