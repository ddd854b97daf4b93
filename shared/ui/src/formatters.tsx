import { Text, type TextProps } from '@chakra-ui/react';
import { formatDate, formatDateTime, formatDateTimeUs, formatDateUs, formatMoney, formatUnitsHhmm, formatUsd, formatUsdWhole, formatWholeMoney } from '@portal/domain';
import { useFormats } from '@portal/i18n/react';

type ValueTextProps = Omit<TextProps, 'children'>;

/** Money to the cent in the agency's currency, as the person's language writes it ('$1,234.50', '1.234,50 €'). */
export function Money({ amount, ...rest }: { amount: number } & ValueTextProps) {
  const formats = useFormats();
  return (
    <Text as="span" {...rest}>
      {formatMoney(amount, formats)}
    </Text>
  );
}

/** A ticket value: whole units of the agency's currency, rounded up ('$1,235', '1.235 €'). */
export function WholeMoney({ amount, ...rest }: { amount: number } & ValueTextProps) {
  const formats = useFormats();
  return (
    <Text as="span" {...rest}>
      {formatWholeMoney(amount, formats)}
    </Text>
  );
}

/** Logged time in 6-minute units shown as hh:mm. */
export function Duration({ units, ...rest }: { units: number } & ValueTextProps) {
  return (
    <Text as="span" {...rest}>
      {formatUnitsHhmm(units)}
    </Text>
  );
}

/**
 * A date (or date and time) as the person's language writes it ('11/21/2026', '21.11.2026'), on `timeZone` when given,
 * else on the person's clock; `<time>` keeps the ISO value for machines.
 */
export function DateText({
  iso, timeZone, withTime = false, ...rest
}: { iso: string | null | undefined; timeZone?: string; withTime?: boolean } & ValueTextProps) {
  const formats = useFormats();
  if (!iso) return null;
  const on = { locale: formats.locale, timeZone: timeZone ?? formats.timeZone };
  return (
    <Text asChild {...rest}>
      <time dateTime={iso}>{withTime ? formatDateTime(iso, on) : formatDate(iso, on)}</time>
    </Text>
  );
}

// The en-US shortcuts, for what is always written the product documents' way (US dollars, en-US dates): a screen
// that speaks the person's language uses the components above, or useFormats() with @portal/domain's formatters.
export { formatDateTimeUs, formatDateUs, formatUnitsHhmm as formatDuration, formatUsd, formatUsdWhole };
