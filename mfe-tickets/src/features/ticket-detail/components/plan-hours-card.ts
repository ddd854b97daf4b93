import { hourBankMessages } from '@portal/features';

// The Plan hours card, in a chunk of its own (components/hour-bank-slot.tsx loads it), with its texts: the reader's
// language is loaded before the card first renders.
export { PlanHours } from '@portal/features';
export const ready = hourBankMessages.preload();
