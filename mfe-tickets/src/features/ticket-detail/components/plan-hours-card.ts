// The Plan hours card, in a chunk of its own (components/hour-bank-slot.tsx loads it).
export { PlanHours } from '@portal/features';
