// Answers that hold until the next head, shared by the callers of one head: all dropped at once when the head
// moves. Keys carry client params and answers can be large (an eth_call's return data, a contract's code), so
// within one head they are bounded in number, in key bytes and in answer bytes (past any bound the kept
// answers start over). A failure is forgotten at once, so the next caller asks again:
// an engine or a service that was down is never remembered.
import { answerBytes } from './answer-bytes';

export class AnswersPerHead {
  private height: bigint | undefined;
  private answers = new Map<string, Promise<unknown>>();
  /** The answers of `answers` that have arrived, by key, so a caller can have one without a promise. */
  private arrived = new Map<string, { readonly result: unknown }>();
  private keyBytes = 0;
  private answerBytes = 0;

  constructor(
    private readonly maxEntries = 10_000,
    private readonly maxKeyBytes = 4 * 1024 * 1024,
    private readonly maxAnswerBytes = 32 * 1024 * 1024,
  ) {}

  /** The answer kept for `key` at `head`, if any. */
  kept(head: bigint, key: string): Promise<unknown> | undefined {
    return this.height === head ? this.answers.get(key) : undefined;
  }

  /** The answer kept for `key` at `head` once it has arrived, if it has. */
  settled(head: bigint, key: string): { readonly result: unknown } | undefined {
    return this.height === head ? this.arrived.get(key) : undefined;
  }

  /** Keeps `answer` (a request under way) as `key`'s at `head` until the head moves or it fails. */
  keep(head: bigint, key: string, answer: Promise<unknown>): Promise<unknown> {
    if (
      this.height !== head ||
      this.answers.size >= this.maxEntries ||
      this.keyBytes >= this.maxKeyBytes ||
      this.answerBytes >= this.maxAnswerBytes
    ) {
      this.height = head;
      this.answers = new Map();
      this.arrived = new Map();
      this.keyBytes = 0;
      this.answerBytes = 0;
    }
    const answers = this.answers;
    const arrived = this.arrived;
    answers.set(key, answer);
    this.keyBytes += key.length;
    answer.then(
      (result) => {
        if (answers.get(key) !== answer) return;
        arrived.set(key, { result });
        if (this.answers === answers) this.answerBytes += answerBytes(result);
      },
      () => {
        if (answers.get(key) === answer) answers.delete(key);
      },
    );
    return answer;
  }

  /** Answers kept now. */
  get size(): number {
    return this.answers.size;
  }
}
