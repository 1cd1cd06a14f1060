// Answers that never change once a service has given them non-null: a mined transaction's receipt (CometBFT
// has instant finality, so its block is never undone). Kept while among the `maxEntries` most recently
// used; a null answer (pending, unknown: it may change) and a failure are never kept.
import { RawJson } from '@photon/codec';

export class FinalAnswersKept {
  private readonly answers = new Map<string, unknown>();

  constructor(private readonly maxEntries = 4_096) {}

  /** The answer kept for `key`, if any (and it becomes the most recently used). */
  get(key: string): unknown {
    const answer = this.answers.get(key);
    if (answer === undefined) return undefined;
    this.answers.delete(key);
    this.answers.set(key, answer);
    return answer;
  }

  /** Keeps `answer` for `key` unless it is null; the least recently used goes past the bound. */
  keep(key: string, answer: unknown): void {
    if (isNull(answer)) return;
    this.answers.delete(key);
    this.answers.set(key, answer);
    if (this.answers.size > this.maxEntries) {
      const oldest = this.answers.keys().next();
      if (oldest.done !== true) this.answers.delete(oldest.value);
    }
  }

  get size(): number {
    return this.answers.size;
  }
}

const isNull = (answer: unknown): boolean =>
  answer === null || answer === undefined || (answer instanceof RawJson && answer.text === 'null');
