import { Badge } from '@chakra-ui/react';
import { initials } from '@portal/domain';

/** Up to four initials of a name (docs/product/companies-and-contacts.md#agents). */
export function InitialsBadge({ name }: { name: string }) {
  return <Badge colorPalette="blue" variant="solid" minW="12" justifyContent="center" aria-hidden>{initials(name)}</Badge>;
}
