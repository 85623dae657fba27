import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/page-frame.tsx';
import { AssignmentsGrid } from '../components/assignments-grid.tsx';

/** /poi-assign/list: every assignment in scope, with detectability, presence now and removal. */
export function PoiAssignListPage() {
  const { t } = useTranslation();
  const title = t('route.poiAssignList');
  return (
    <PageFrame title={title} crumbs={[{ label: t('poi.area') }]}>
      <AssignmentsGrid label={title} />
    </PageFrame>
  );
}
