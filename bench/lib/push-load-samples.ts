// The push benchmark's measurements: each generator records its tabs' latencies as raw samples, and the
// parent merges them exactly before it takes the quantiles.

/** Latencies (ms) of the answered requests, errors and 304s: merged exactly across generators (raw samples). */
export class Samples {
  private values = new Float64Array(1024);
  length = 0;
  errors = 0;
  /** Of the errors, those with no answer at all (refused, reset, timed out). */
  unanswered = 0;
  notModified = 0;
  counting = true;

  record(ms: number, status: number): void {
    if (!this.counting) return;
    if (status === 0 || status >= 400) {
      this.errors += 1;
      if (status === 0) this.unanswered += 1;
      return;
    }
    if (status === 304) this.notModified += 1;
    if (this.length === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = ms;
  }

  /** What a generator sends back. */
  toJSON(): SamplesData {
    return { values: this.values.slice(0, this.length), errors: this.errors, unanswered: this.unanswered, notModified: this.notModified };
  }

  static merge(parts: SamplesData[]): SamplesData {
    const values = new Float64Array(parts.reduce((sum, part) => sum + part.values.length, 0));
    let at = 0;
    for (const part of parts) {
      values.set(part.values, at);
      at += part.values.length;
    }
    const sum = (field: 'errors' | 'unanswered' | 'notModified') => parts.reduce((total, part) => total + part[field], 0);
    return { values, errors: sum('errors'), unanswered: sum('unanswered'), notModified: sum('notModified') };
  }
}

export interface SamplesData {
  values: Float64Array;
  errors: number;
  unanswered: number;
  notModified: number;
}

/** p50/p95/p99 of the samples (sorted in place). */
export function quantiles(values: Float64Array): { p50: number; p95: number; p99: number } {
  values.sort();
  const at = (q: number) => values[Math.min(values.length - 1, Math.floor(q * values.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

/** The wall clock in ms with sub-millisecond precision: comparable across the processes of one machine. */
export const wallClock = (): number => performance.timeOrigin + performance.now();
