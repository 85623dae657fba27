import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_DIGESTS,
  NOTIFICATION_EVENT_TYPES,
  NOTIFICATION_MAX_AGE_MAX,
  NOTIFICATION_RECIPIENT_ROLES,
  NOTIFICATION_THROTTLE_MAX,
  NOTIFICATION_THROTTLE_MODES,
  notificationRuleCreateSchema,
  type NotificationChannel,
  type NotificationDigest,
  type NotificationEventType,
  type NotificationRecipientRole,
  type NotificationRule,
  type NotificationThrottleMode,
} from '@lbs/contracts';
import { DeleteButton } from '../../../components/confirm-dialog.tsx';
import { useListCrumb } from '../../../components/entity-pages.tsx';
import { FormEntitySelect } from '../../../components/entity-select.tsx';
import {
  FormActions,
  FormMultiSelectField,
  FormNumberField,
  FormSection,
  FormSelectField,
  FormSwitchField,
  FormTextField,
  useFieldErrorText,
} from '../../../components/form-fields.tsx';
import { useNotify } from '../../../components/notifier.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { FormProblemAlert } from '../../../components/problem-alert.tsx';
import { RecordState, useRouteRecord } from '../../../components/route-record.tsx';
import { useProblemSubmit } from '../../../lib/api/form-errors.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { pathFor } from '../../../lib/route-links.ts';
import {
  notificationRuleQueryOptions,
  useCreateNotificationRule,
  useDeleteNotificationRule,
  useUpdateNotificationRule,
} from '../api/notification-rules.ts';
import { ActiveHoursField } from '../components/active-hours-field.tsx';
import { RecipientUsersField } from '../components/recipient-users-field.tsx';
import { RuleDeliveryLog } from '../components/rule-delivery-log.tsx';
import { RuleFiltersField } from '../components/rule-filters-field.tsx';
import { SendTestButton } from '../components/send-test-button.tsx';
import { RULE_FORM_FIELDS, ruleBody, ruleFormDefaults, type RuleFormValues } from '../model/rule-form.ts';

function RuleForm({
  rule,
  onSubmit,
}: {
  rule: NotificationRule | null;
  onSubmit: (values: RuleFormValues) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorText = useFieldErrorText();
  const { role } = useCurrentUser();
  const pickCompany = !rule && role === 'SuperAdmin';
  const readOnly = rule !== null && !rule.abilities.update;
  const form = useForm<RuleFormValues>({
    resolver: zodResolver(notificationRuleCreateSchema) as unknown as Resolver<RuleFormValues>,
    defaultValues: ruleFormDefaults(rule),
    mode: 'onTouched',
  });
  const { submit, problem, clearProblem } = useProblemSubmit(form, RULE_FORM_FIELDS, onSubmit);
  const throttleMode = useWatch({ control: form.control, name: 'throttle.mode' });
  const companyId = useWatch({ control: form.control, name: 'companyId' });
  const recipientsError = form.formState.errors.recipients?.message;
  return (
    <Box component="form" noValidate onSubmit={submit}>
      {readOnly && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('notificationRules.readOnly')}
        </Alert>
      )}
      <FormProblemAlert outcome={problem} onClose={clearProblem} />
      {/* A rule the server does not let the user change: every field disabled at once. */}
      <Box component="fieldset" disabled={readOnly} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
        <FormSection title={t('notificationRules.section.what')}>
          {pickCompany && (
            <FormEntitySelect
              control={form.control}
              name="companyId"
              kind="company"
              label={t('notificationRules.field.company')}
              required
              span={2}
            />
          )}
          <FormTextField
            control={form.control}
            name="name"
            label={t('notificationRules.field.name')}
            required
            autoFocus={!readOnly}
            span={2}
          />
          <FormMultiSelectField<RuleFormValues, NotificationEventType>
            control={form.control}
            name="eventTypes"
            label={t('notificationRules.field.eventTypes')}
            required
            span={2}
            options={NOTIFICATION_EVENT_TYPES.map((e) => ({
              value: e,
              label: t(`notifications.event.${e}`),
            }))}
          />
          <FormMultiSelectField<RuleFormValues, NotificationChannel>
            control={form.control}
            name="channels"
            label={t('notificationRules.field.channels')}
            required
            options={NOTIFICATION_CHANNELS.map((c) => ({
              value: c,
              label: t(`notificationRules.channel.${c}`),
            }))}
          />
          <FormSwitchField control={form.control} name="active" label={t('notificationRules.field.active')} />
        </FormSection>
        <FormSection title={t('notificationRules.section.filters')}>
          <RuleFiltersField control={form.control} companyId={rule?.company.id ?? companyId} />
        </FormSection>
        <FormSection title={t('notificationRules.section.who')}>
          <FormMultiSelectField<RuleFormValues, NotificationRecipientRole>
            control={form.control}
            name="recipients.roles"
            label={t('notificationRules.field.recipientRoles')}
            helperText={t('notificationRules.field.recipientRolesHint')}
            options={NOTIFICATION_RECIPIENT_ROLES.map((r) => ({ value: r, label: t(`role.${r}`) }))}
          />
          <RecipientUsersField
            control={form.control}
            known={rule?.recipients.users ?? []}
            companyId={rule?.company.id ?? companyId}
          />
          {recipientsError && (
            <FormHelperText error role="alert" sx={{ gridColumn: '1 / -1', mt: -1.5 }}>
              {errorText(recipientsError)}
            </FormHelperText>
          )}
        </FormSection>
        <FormSection title={t('notificationRules.section.when')}>
          <ActiveHoursField control={form.control} disabled={readOnly} />
        </FormSection>
        <FormSection title={t('notificationRules.section.how')}>
          <FormSelectField<RuleFormValues, NotificationThrottleMode>
            control={form.control}
            name="throttle.mode"
            label={t('notificationRules.field.throttleMode')}
            options={NOTIFICATION_THROTTLE_MODES.map((m) => ({
              value: m,
              label: t(`notificationRules.throttle.${m}`),
            }))}
          />
          <FormNumberField
            control={form.control}
            name="throttle.minIntervalMinutes"
            label={t('notificationRules.field.throttleMinutes')}
            disabled={readOnly || throttleMode === 'NONE'}
            min={0}
            max={NOTIFICATION_THROTTLE_MAX}
          />
          <FormSelectField<RuleFormValues, NotificationDigest>
            control={form.control}
            name="digest"
            label={t('notificationRules.field.digest')}
            options={NOTIFICATION_DIGESTS.map((d) => ({
              value: d,
              label: t(`notificationRules.digest.${d}`),
            }))}
          />
          <FormNumberField
            control={form.control}
            name="maxAgeMinutes"
            label={t('notificationRules.field.maxAge')}
            required
            min={1}
            max={NOTIFICATION_MAX_AGE_MAX}
          />
        </FormSection>
      </Box>
      {!readOnly && (
        <FormActions
          submitLabel={rule ? t('notificationRules.action.save') : t('notificationRules.action.create')}
          submitting={form.formState.isSubmitting}
          onCancel={() => void navigate(pathFor('notificationRuleList'))}
        />
      )}
    </Box>
  );
}

/** /notification-rules/new: a rule in the caller's tier (a SuperAdmin names the company). */
export function RuleAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const create = useCreateNotificationRule();
  const crumbs = [useListCrumb(t('route.notificationRuleList'), 'notificationRuleList')];
  return (
    <PageFrame title={t('route.notificationRuleAdd')} crumbs={crumbs}>
      <RuleForm
        rule={null}
        onSubmit={async (values) => {
          const created = await create.mutateAsync({
            ...(values.companyId ? { companyId: values.companyId } : {}),
            ...ruleBody(values),
          });
          notify(t('notificationRules.created', { name: created.name }));
          void navigate(pathFor('notificationRuleList'));
        }}
      />
    </PageFrame>
  );
}

/**
 * /notification-rules/{id}: the rule (also the page each notification e-mail links to); saved, test-sent and deleted
 * as its abilities allow, shown read-only otherwise; below it, its delivery log.
 */
export function RuleEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const update = useUpdateNotificationRule();
  const remove = useDeleteNotificationRule();
  const query = useRouteRecord(notificationRuleQueryOptions);
  const crumbs = [useListCrumb(t('route.notificationRuleList'), 'notificationRuleList')];
  const rule = query.data;
  return (
    <PageFrame
      title={t('route.notificationRuleEdit')}
      crumbs={crumbs}
      actions={
        rule && (
          <Stack direction="row" spacing={1.5}>
            {rule.abilities.update && <SendTestButton ruleId={rule.id} />}
            {rule.abilities.delete && (
              <DeleteButton
                name={rule.name}
                title={t('notificationRules.action.delete')}
                message={t('notificationRules.deleteConfirm', { name: rule.name })}
                onDelete={() => remove.mutateAsync(rule.id)}
                onDeleted={() => {
                  notify(t('notificationRules.deleted'));
                  void navigate(pathFor('notificationRuleList'));
                }}
              />
            )}
          </Stack>
        )
      }
    >
      <RecordState query={query} list="notificationRuleList">
        {(loaded) => (
          <>
            <RuleForm
              key={loaded.updatedAt}
              rule={loaded}
              onSubmit={async (values) => {
                const saved = await update.mutateAsync({ id: loaded.id, body: ruleBody(values) });
                notify(t('notificationRules.saved', { name: saved.name }));
                void navigate(pathFor('notificationRuleList'));
              }}
            />
            <Box component="section" sx={{ mt: 4 }} aria-labelledby="rule-delivery-log">
              <Typography id="rule-delivery-log" variant="h4" component="h2" sx={{ mb: 2 }}>
                {t('notificationRules.log.title')}
              </Typography>
              <RuleDeliveryLog ruleId={loaded.id} />
            </Box>
          </>
        )}
      </RecordState>
    </PageFrame>
  );
}
