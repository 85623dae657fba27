import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { useTranslation } from 'react-i18next';

/** Shown in place of a page the user's role may not open (SPEC §2). */
export function UnauthorizedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Card sx={{ maxWidth: 560, mx: 'auto', mt: { xs: 2, md: 6 } }}>
      <Box sx={{ textAlign: 'center', p: { xs: 4, md: 6 } }}>
        <LockOutlinedIcon color="secondary" sx={{ fontSize: 56, mb: 2 }} aria-hidden />
        <Typography variant="h2" component="h1" sx={{ mb: 3 }}>
          {t('error.unauthorizedPage')}
        </Typography>
        <Button variant="contained" onClick={() => void navigate('/')}>
          {t('common.goHome')}
        </Button>
      </Box>
    </Card>
  );
}
