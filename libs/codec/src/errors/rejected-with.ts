// A promise rejected with what was thrown, exactly as it was thrown: what an async function gives for a throw,
// for code on the hot path that returns promise chains instead (Promise.reject is held to Errors by the lint,
// and a handler may throw anything). Only failures pay its extra turn of the microtask queue.

export function rejectedWith(error: unknown): Promise<never> {
  return Promise.resolve().then(() => {
    throw error;
  });
}
