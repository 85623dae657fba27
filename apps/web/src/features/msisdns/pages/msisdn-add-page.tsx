import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/page-frame.tsx';
import { useCreateMsisdn } from '../api/create-msisdn.ts';
import { MsisdnForm } from '../components/msisdn-form.tsx';
import { msisdnPaths } from '../paths.ts';

/** What the details page shows right after an add: the consent SMS went out (or could not yet). */
export interface MsisdnCreatedState {
  created: true;
}

/** /msisdn/add (SuperAdmin): the new number starts PENDING and receives the consent request SMS. */
export function MsisdnAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateMsisdn();
  return (
    <PageFrame title={t('route.msisdnAdd')} crumbs={[{ label: t('route.msisdnList'), to: msisdnPaths.list }]}>
      <MsisdnForm
        mode="create"
        defaultValues={{
          companyId: null as unknown as number,
          msisdn: '',
          employeeName: '',
          employeeCode: '',
          email: '',
          departmentId: null as unknown as number,
          zoneId: null,
          designationId: null as unknown as number,
          trackingEnabled: true,
        }}
        numberEditable
        submitLabel={t('msisdns.action.add')}
        onSubmit={async (values) => {
          const created = await create.mutateAsync(values);
          const state: MsisdnCreatedState = { created: true };
          await navigate(msisdnPaths.details(created.id), { state });
        }}
        onCancel={() => void navigate(msisdnPaths.list)}
      />
    </PageFrame>
  );
}
