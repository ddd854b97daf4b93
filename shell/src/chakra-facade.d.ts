// The portal's builds share @chakra-ui/react as a facade (shared/build-config/shared-facades.cjs) that
// adds this export; Chakra itself (what the tests run against) has none.
import '@chakra-ui/react';

declare module '@chakra-ui/react' {
  /** Loads the chunk of Chakra's interactive components now, rather than on their first render. */
  export const preloadChakraParts: (() => Promise<void>) | undefined;
}
