import { useMemo } from 'react';
import { roundHours } from '@portal/domain';
import { useFormats } from '@portal/session';
import { useT } from '../messages';
import { plainNumber } from './month-text';

/**
 * Durations in the reader's words: hours or days of the stats ('3.5 h' under two days, else '2.1 d'; an em dash when
 * unknown) and business minutes of the response times ('45 min', '2 h', '2 h 15 min').
 */
export function useDurations() {
  const t = useT();
  const { locale } = useFormats();
  return useMemo(() => ({
    hours(hours: number | null): string {
      if (hours === null) return '—';
      return hours < 48
        ? t('duration.hours', { value: plainNumber(roundHours(hours), locale) })
        : t('duration.days', { value: plainNumber(roundHours(hours / 24), locale) });
    },
    business(minutes: number): string {
      const whole = Math.max(0, Math.round(Math.abs(minutes)));
      const hours = Math.floor(whole / 60);
      const rest = whole % 60;
      if (hours === 0) return t('duration.minutes', { minutes: rest });
      return rest === 0 ? t('duration.businessHours', { hours }) : t('duration.hoursMinutes', { hours, minutes: rest });
    },
  }), [t, locale]);
}
