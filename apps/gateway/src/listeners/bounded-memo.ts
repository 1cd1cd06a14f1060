// Remembers a pure function's answers per input string, up to a bound: the same few Host headers and
// peer addresses arrive on every request, and deciding one again (isIP's regular expressions) cost
// more than the rest of an edge answer. Inputs come from clients, so the memo forgets everything once
// it holds `bound` of them instead of growing.
export class BoundedMemo<T> {
  private readonly answers = new Map<string, T>();

  constructor(
    private readonly decide: (input: string) => T,
    private readonly bound = 1_024,
  ) {}

  get(input: string): T {
    const known = this.answers.get(input);
    if (known !== undefined || this.answers.has(input)) return known as T;
    const answer = this.decide(input);
    if (this.answers.size >= this.bound) this.answers.clear();
    this.answers.set(input, answer);
    return answer;
  }

  /** Inputs remembered now (at most the bound). */
  get size(): number {
    return this.answers.size;
  }
}
