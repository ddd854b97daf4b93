import type { SWRConfiguration } from 'swr';

/**
 * How a read refreshes. Resource hooks read once and on focus by default; a screen that polls
 * (its interval is fixed in docs/product/dashboards.md#refresh-and-live-updates) passes its options, and the cache entry stays the same key.
 */
export type ReadOptions = Pick<SWRConfiguration, 'refreshInterval' | 'refreshWhenHidden' | 'revalidateOnFocus' | 'shouldRetryOnError'>;
