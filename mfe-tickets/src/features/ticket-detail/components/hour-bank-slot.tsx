import { lazy, Suspense } from 'react';
import { useHourBank } from '@portal/api-client';
import { canReadHourBank, type Viewer } from '@portal/domain';

// Only a company with plan hours (docs/product/hour-banks.md) loads these: the ticket page's first load stays within its budget.
const OverageApprovalBlock = lazy(() => import('./overage-approval-block').then((module) => ({ default: module.OverageApprovalBlock })));
const PlanHours = lazy(() => import('./plan-hours-card').then(async (module) => {
  await module.ready;
  return { default: module.PlanHours };
}));

/**
 * The ticket's plan-hours parts, for staff and the primary contacts of a company with plan hours: the approval
 * beyond the plan ('approval') or the Plan hours card ('balance'). Nothing for anyone else.
 */
export function HourBankSlot({ ticket, viewer, part }: { ticket: { ticket_id: number; company_id: number }; viewer: Viewer; part: 'approval' | 'balance' }) {
  const { data } = useHourBank(canReadHourBank(viewer, ticket.company_id) ? ticket.company_id : null);
  if (!data?.balance) return null;
  return (
    <Suspense fallback={null}>
      {part === 'approval' ? <OverageApprovalBlock ticket={ticket} viewer={viewer} /> : <PlanHours companyId={ticket.company_id} viewer={viewer} />}
    </Suspense>
  );
}
