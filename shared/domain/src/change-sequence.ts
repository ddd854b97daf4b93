// Every change the API publishes has a number (docs/decisions/0017-read-your-writes-by-change-sequence.md): the
// answers carry the highest one their process had heard, the live stream's events carry theirs, and the browser
// sends the highest it has seen with every request, so that no process answers it from before that change.

/** Request and answer header: the highest change number the caller has seen / the answer is at. */
export const CHANGE_SEQ_HEADER = 'x-portal-seq';

/** At most 16 digits (Number.MAX_SAFE_INTEGER has 16): anything else is no number. */
const SEQ_PATTERN = /^\d{1,16}$/;

/** A header's (or an event's) change number, or undefined when there is none or it is not a safe whole number. */
export function parseChangeSeq(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : undefined;
  if (typeof value !== 'string' || !SEQ_PATTERN.test(value)) return undefined;
  const seq = Number(value);
  return Number.isSafeInteger(seq) ? seq : undefined;
}
