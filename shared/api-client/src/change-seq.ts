import { CHANGE_SEQ_HEADER, parseChangeSeq } from '@portal/domain';

// Read your writes (docs/decisions/0017-read-your-writes-by-change-sequence.md): the tab remembers the highest change
// number it has seen, from every answer's header and every live event, and names it with every request, so that
// no API process answers from before a change this tab has seen (its own writes, or what a live event told it).
// One per tab: @portal/api-client is a singleton of the page.

let highest = 0;

/** Remembers a change number seen (a header's text or an event's number); anything else is ignored. */
export function noteChangeSeq(value: unknown): void {
  const seq = parseChangeSeq(value);
  if (seq !== undefined && seq > highest) highest = seq;
}

/** The header naming the highest change number seen, none before any was seen. */
export function changeSeqHeaders(): Record<string, string> {
  return highest > 0 ? { [CHANGE_SEQ_HEADER]: String(highest) } : {};
}

/** The highest change number seen. */
export function highestChangeSeq(): number {
  return highest;
}
