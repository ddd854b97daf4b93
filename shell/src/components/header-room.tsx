import { Box } from '@chakra-ui/react';

/**
 * The search box's room in the header row: on a phone what the one row leaves between the logo and the bell;
 * from md up between 14rem and 22rem, giving way before the welcome line does (a row wraps by these sizes
 * before anything shrinks). The search box (features/search) takes it, and so does its place while its code
 * loads (SearchSpace).
 */
export const searchRoom = { flex: { base: '1 1 0', md: '1 1 14rem' }, minW: { base: '0', md: 'auto' }, maxW: { md: '22rem' } } as const;

/**
 * The room the search box and the bell (an icon button) take while their code loads, so the header
 * does not shift when they come: in the app's header and in the server's signed-in frame
 * (src/prerender.tsx). Empty and silent: nothing to use until they are in.
 */
export function SearchSpace() {
  return <Box {...searchRoom} h="9" aria-hidden="true" />;
}

/** The language choice's room in the wide header's row (features/header LanguageSelect). */
export function LanguageSpace() {
  return <Box w="8rem" h="8" flexShrink={0} aria-hidden="true" />;
}

export function BellSpace() {
  return <Box w="10" h="10" flexShrink={0} aria-hidden="true" />;
}
