import { Input, type InputProps } from '@chakra-ui/react';
import { DUE_DATE_MAX_YEAR, DUE_DATE_MIN_YEAR } from '@portal/domain';

/** A date picker limited to the years the domain's due-date rule keeps (1900-2099). */
export function DueDateInput(props: Omit<InputProps, 'type' | 'min' | 'max'>) {
  return <Input type="date" min={`${DUE_DATE_MIN_YEAR}-01-01`} max={`${DUE_DATE_MAX_YEAR}-12-31`} {...props} />;
}
