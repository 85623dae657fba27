import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { useTranslation } from 'react-i18next';
import { changePasswordFormSchema, type ChangePasswordForm } from '@lbs/contracts';
import { InfoViewDisplay } from '../../../components/info-view-display.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { ApiError, isMessageKey, messageKeyFor } from '../../../lib/api/api-error.ts';
import { useInfoView } from '../../../lib/info-view.ts';
import { useChangePassword } from '../api/change-password.ts';

const FIELDS = [
  'oldPassword',
  'newPassword',
  'confirmPassword',
] as const satisfies readonly (keyof ChangePasswordForm)[];
type Field = (typeof FIELDS)[number];

const isField = (path: string): path is Field => (FIELDS as readonly string[]).includes(path);

export function ChangePasswordPage() {
  const { t } = useTranslation();
  const info = useInfoView();
  const mutation = useChangePassword();
  const [visible, setVisible] = useState<Record<Field, boolean>>({
    oldPassword: false,
    newPassword: false,
    confirmPassword: false,
  });
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ oldPassword, newPassword }) => {
    info.fetchStart();
    try {
      await mutation.mutateAsync({ oldPassword, newPassword });
      form.reset();
      info.showMessage(t('account.passwordChanged'));
    } catch (error) {
      let onField = false;
      if (error instanceof ApiError) {
        for (const fieldError of error.fieldErrors) {
          if (!isField(fieldError.path)) continue;
          form.setError(fieldError.path, { type: 'server', message: fieldError.code });
          onField = true;
        }
        if (!onField && error.code === 'auth.oldPasswordIncorrect') {
          form.setError('oldPassword', { type: 'server', message: error.code });
          onField = true;
        }
      }
      if (onField) info.clear();
      else info.fetchError(t(messageKeyFor(error)));
    }
  });

  const fieldText = (field: Field) => {
    const message = errors[field]?.message;
    if (!message) return ' ';
    return isMessageKey(message) ? t(message) : message;
  };

  return (
    <PageFrame title={t('route.changePassword')}>
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ maxWidth: 460, display: 'grid', gap: 1 }}>
        {FIELDS.map((field) => (
          <TextField
            key={field}
            {...form.register(field)}
            id={`change-password-${field}`}
            type={visible[field] ? 'text' : 'password'}
            label={t(`account.${field}`)}
            autoComplete={field === 'oldPassword' ? 'current-password' : 'new-password'}
            error={Boolean(errors[field])}
            helperText={fieldText(field)}
            fullWidth
            slotProps={{
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton
                      edge="end"
                      aria-label={t(visible[field] ? 'account.hidePassword' : 'account.showPassword')}
                      onClick={() => setVisible((v) => ({ ...v, [field]: !v[field] }))}
                    >
                      {visible[field] ? <VisibilityOffIcon /> : <VisibilityIcon />}
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
        ))}
        <Box>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {t('account.changePassword')}
          </Button>
        </Box>
      </Box>
      <InfoViewDisplay view={info} />
    </PageFrame>
  );
}
