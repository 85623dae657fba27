import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { recipientUsersQueryOptions } from '../api/notification-rules.ts';
import type { RuleFormValues } from '../model/rule-form.ts';
import { RefMultiField } from './ref-multi-field.tsx';

/** The rule's recipient users: type to search the portal users the caller sees (the server re-checks each). */
export function RecipientUsersField({
  control,
  known,
  companyId,
}: {
  control: Control<RuleFormValues>;
  /** Users already named by the rule, so their names show before any search. */
  known: readonly { id: number; fullName: string; email: string }[];
  companyId: number | null | undefined;
}) {
  const { t } = useTranslation();
  return (
    <RefMultiField
      control={control}
      name="recipients.userIds"
      label={t('notificationRules.field.recipientUsers')}
      known={known.map((u) => ({ id: u.id, name: u.fullName, detail: u.email }))}
      search={(q) => recipientUsersQueryOptions(q, companyId)}
    />
  );
}
