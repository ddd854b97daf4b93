import { Button, HStack, Heading } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { MONTH_OFFSET_MAX } from '@portal/domain';
import { useT } from '../../../messages';

const pathFor = (offset: number, search: string) => `/admins/invoices/${offset}${search ? `?${search}` : ''}`;

/** The month heading with Previous month / Next month; the month is the URL's offset (0 = this month, no later). */
export function MonthNav({ offset, label, search }: { offset: number; label: string; search: string }) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <HStack gap="3" wrap="wrap">
      <Button size="sm" variant="outline" disabled={offset >= MONTH_OFFSET_MAX} onClick={() => navigate(pathFor(offset + 1, search))}>
        <ChevronLeft aria-hidden /> {t('monthNav.previous')}
      </Button>
      <Heading as="h2" size="lg" minW="12rem" textAlign="center" aria-live="polite">
        {label}
      </Heading>
      <Button size="sm" variant="outline" disabled={offset === 0} onClick={() => navigate(pathFor(offset - 1, search))}>
        {t('monthNav.next')} <ChevronRight aria-hidden />
      </Button>
    </HStack>
  );
}
