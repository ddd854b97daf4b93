// The ETag each answer came with (docs/architecture.md#the-safety-net): kept beside the parsed answer object
// SWR holds, so the tab's safety-net check names the tag of exactly the answer on screen.

const tags = new WeakMap<object, string>();

/** Remembers `etag` as the tag of `answer` (a parsed object or array; other answers have none). */
export function tagAnswer(answer: unknown, etag: string | null): void {
  if (etag && typeof answer === 'object' && answer !== null) tags.set(answer, etag);
}

/** The ETag `answer` came with, or null. */
export function etagOfAnswer(answer: unknown): string | null {
  return typeof answer === 'object' && answer !== null ? tags.get(answer) ?? null : null;
}
