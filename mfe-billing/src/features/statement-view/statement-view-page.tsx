import { useParams } from 'react-router-dom';
import { useStatement } from '@portal/api-client';
import { canManageStatements, canReadCompanyStatement, parseYearMonth } from '@portal/domain';
import { useSession, useViewer } from '@portal/session';
import { NotAuthorized, NotFoundPage } from '@portal/ui';
import { StatementDocument } from './components/statement-document';
import { PrintablePage } from '../../components/printable-page';
import { useT } from '../../messages';

/**
 * /clients/{clientId}/statements/{month}: a company's statement of a month, printable on a clean A4 page
 * (docs/product/statements.md#the-printable-page). Its primary contacts read it once sent; admins preview it before.
 */
export function StatementViewPage() {
  const t = useT();
  const viewer = useViewer();
  const timeZone = useSession((s) => s.timeZone);
  const params = useParams();
  const companyId = Number(params.clientId);
  const month = params.month ?? '';
  const valid = Number.isInteger(companyId) && companyId > 0 && parseYearMonth(month) !== null;
  const allowed = viewer !== null && valid && canReadCompanyStatement(viewer, companyId);
  const { data, error, isLoading } = useStatement(allowed ? companyId : null, month);
  if (!valid) return <NotFoundPage />;
  if (!allowed) return <NotAuthorized />;
  const back = canManageStatements(viewer)
    ? { to: `/admins/statements/${month}`, label: t('statement.back') }
    : { to: `/clients/${companyId}/statements`, label: t('statement.back') };

  return (
    <PrintablePage document="statement" back={back} error={error} isLoading={isLoading}>
      {data ? <StatementDocument statement={data} timeZone={timeZone} /> : null}
    </PrintablePage>
  );
}
