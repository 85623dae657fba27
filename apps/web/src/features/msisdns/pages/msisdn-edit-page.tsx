import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../components/notifier.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { RecordState, useRouteRecord } from '../../../components/route-record.tsx';
import { msisdnQueryOptions } from '../api/get-msisdn.ts';
import { useUpdateMsisdn, type MsisdnPatch } from '../api/update-msisdn.ts';
import { MsisdnForm } from '../components/msisdn-form.tsx';
import { msisdnPaths } from '../paths.ts';

/** /msisdn-details/edit/{id}: every role edits within its scope; only a SuperAdmin changes the number itself. */
export function MsisdnEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const id = Number(useParams().id);
  const query = useRouteRecord(msisdnQueryOptions);
  const update = useUpdateMsisdn(id);
  const crumbs = [{ label: t('route.msisdnList'), to: msisdnPaths.list }];
  const item = query.data;

  return (
    <PageFrame
      title={t('route.msisdnEdit')}
      crumbs={item ? [...crumbs, { label: item.msisdn, to: msisdnPaths.details(id) }] : crumbs}
    >
      <RecordState query={query} list="msisdnList">
        {(current) => (
          <MsisdnForm
            key={current.updatedAt}
            mode="edit"
            companyName={current.companyName}
            defaultValues={{
              companyId: current.companyId,
              msisdn: current.msisdn,
              employeeName: current.employeeName,
              employeeCode: current.employeeCode ?? '',
              email: current.email ?? '',
              departmentId: current.departmentId,
              zoneId: current.zoneId,
              designationId: current.designationId,
              trackingEnabled: current.trackingEnabled,
            }}
            numberEditable={current.abilities.changeNumber}
            submitLabel={t('msisdns.action.save')}
            onSubmit={async ({ companyId: _company, msisdn, ...rest }) => {
              const body: MsisdnPatch = current.abilities.changeNumber ? { msisdn, ...rest } : rest;
              const saved = await update.mutateAsync(body);
              notify(
                saved.msisdn !== current.msisdn
                  ? t('msisdns.saved.renumbered', { number: saved.msisdn })
                  : t('msisdns.saved'),
              );
              await navigate(msisdnPaths.details(id));
            }}
            onCancel={() => void navigate(msisdnPaths.details(id))}
          />
        )}
      </RecordState>
    </PageFrame>
  );
}
