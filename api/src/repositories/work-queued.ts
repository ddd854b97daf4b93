/**
 * Tells the job runner of this process that work was queued (a mail in the outbox, a message-centre
 * send), so it starts at once instead of at its next poll. Not a repository: the outbox repository
 * raises it on every `add`, the message-centre service once its send has committed, and the runner
 * listens (docs/architecture.md#jobs-and-mail). Other processes find the rows at their next poll.
 */
export interface WorkQueued {
  notify(): void;
  /** Answers the function that stops listening. */
  subscribe(listener: () => void): () => void;
}

export function createWorkQueued(): WorkQueued {
  const listeners = new Set<() => void>();
  return {
    notify() {
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
