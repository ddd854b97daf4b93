import { loadContract, primeFirstReads } from '@portal/api-client';
import { FIRST_READS_BLOCK_ID } from '@portal/contract/remotes';

/**
 * Hands the page's data block, when the server wrote one (docs/performance.md#data-with-the-page), to the API client:
 * the first screen's reads answer from it instead of the network. The contract their answers are checked with starts
 * loading now, beside the remote's code, rather than with the first read. A block that does not parse is ignored.
 */
export function primeReadsFromPage(doc: Document = document): void {
  const block = doc.getElementById(FIRST_READS_BLOCK_ID);
  if (!block?.textContent) return;
  let reads: unknown;
  try {
    reads = JSON.parse(block.textContent);
  } catch {
    return;
  }
  if (typeof reads !== 'object' || reads === null) return;
  primeFirstReads(reads as Parameters<typeof primeFirstReads>[0]);
  loadContract().catch(() => undefined);
}
