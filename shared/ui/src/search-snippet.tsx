import { Box } from '@chakra-ui/react';
import type { SnippetPart } from '@portal/domain';

/** Where a search result matched: its text with the matched words marked (docs/product/search.md#where-it-is). Text only, never HTML. */
export function SearchSnippet({ parts }: { parts: readonly SnippetPart[] }) {
  if (parts.length === 0) return null;
  return (
    <Box as="span" fontSize="sm" color="fg.muted" data-testid="search-snippet">
      {parts.map((part, index) =>
        part.hit ? (
          <Box as="mark" key={index} bg="yellow.100" color="fg" fontWeight="semibold" borderRadius="xs" px="0.5">
            {part.text}
          </Box>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </Box>
  );
}
