import { Text, type TextProps } from '@chakra-ui/react';
import { formatDateTimeUs, formatDateUs, formatUnitsHhmm, formatUsd, formatUsdWhole } from '@portal/domain';

type ValueTextProps = Omit<TextProps, 'children'>;

/** Two-decimal US dollars ('$1,234.50'). */
export function Money({ amount, ...rest }: { amount: number } & ValueTextProps) {
  return (
    <Text as="span" {...rest}>
      {formatUsd(amount)}
    </Text>
  );
}

/** A ticket value: whole US dollars, rounded up ('$1,235'). */
export function WholeMoney({ amount, ...rest }: { amount: number } & ValueTextProps) {
  return (
    <Text as="span" {...rest}>
      {formatUsdWhole(amount)}
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

/** An en-US date (or date and time) on the user's clock; `<time>` keeps the ISO value for machines. */
export function DateText({
  iso, timeZone, withTime = false, ...rest
}: { iso: string | null | undefined; timeZone: string; withTime?: boolean } & ValueTextProps) {
  if (!iso) return null;
  return (
    <Text asChild {...rest}>
      <time dateTime={iso}>{withTime ? formatDateTimeUs(iso, timeZone) : formatDateUs(iso, timeZone)}</time>
    </Text>
  );
}

export { formatDateTimeUs, formatDateUs, formatUnitsHhmm as formatDuration, formatUsd as formatMoney, formatUsdWhole as formatWholeMoney };
