/**
 * One queue per table: actions on a table run one after another, so two clicks, a bot move and a
 * timer can never interleave between "check the state" and "persist the action".
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private pending = 0;

  run<T>(task: () => Promise<T> | T): Promise<T> {
    this.pending++;
    const result = this.tail.then(task);
    this.tail = result.then(
      () => this.pending--,
      () => this.pending--,
    );
    return result;
  }

  get size(): number {
    return this.pending;
  }

  /** Resolves once everything queued so far has run. */
  idle(): Promise<void> {
    return this.tail.then(() => undefined);
  }
}

/**
 * One SerialQueue per key (a channel being opened in, a person's daily attempt), each dropped once
 * idle: as many queues as keys acting right now.
 */
export class KeyedQueues {
  private readonly queues = new Map<string, SerialQueue>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    let q = this.queues.get(key);
    if (!q) this.queues.set(key, (q = new SerialQueue()));
    const queue = q;
    const result = queue.run(task);
    queue
      .idle()
      .then(() => {
        if (queue.size === 0 && this.queues.get(key) === queue) this.queues.delete(key);
      })
      .catch(() => undefined);
    return result;
  }
}
