import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslation } from 'react-i18next';
import { TASK_ATTACHMENT_TYPES, type Task } from '@lbs/contracts';
import { ProblemAlert } from '../../../components/problem-alert.tsx';
import { formatShort } from './task-format.ts';
import {
  downloadTaskAttachment,
  taskAttachmentsQueryOptions,
  useTaskAttachmentWrites,
} from '../api/tasks.ts';

/** The task's files: download each; attach and remove where the task may be changed. */
export function TaskAttachments({ task }: { task: Task }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const query = useQuery(taskAttachmentsQueryOptions(task.id));
  const { upload, remove } = useTaskAttachmentWrites(task.id);
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<unknown>(null);
  const size = new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 });
  const items = query.data?.items ?? [];
  const run = (work: Promise<unknown>) => {
    setError(null);
    work.catch(setError);
  };
  return (
    <Box component="section" aria-labelledby="task-attachments" sx={{ mt: 4 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography id="task-attachments" variant="h5" component="h2">
          {t('task.fields.attachments')}
        </Typography>
        {task.abilities.update && (
          <>
            <Button
              variant="outlined"
              size="small"
              startIcon={<AttachFileIcon />}
              disabled={upload.isPending}
              onClick={() => input.current?.click()}
            >
              {t('task.attachments.add')}
            </Button>
            <input
              ref={input}
              type="file"
              hidden
              accept={[...TASK_ATTACHMENT_TYPES, '.csv', '.txt'].join(',')}
              aria-label={t('task.attachments.add')}
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) run(upload.mutateAsync(file));
              }}
            />
          </>
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('task.attachments.hint')}
      </Typography>
      {error !== null && <ProblemAlert error={error} />}
      {query.isSuccess && items.length === 0 && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('task.attachments.none')}
        </Typography>
      )}
      <List dense>
        {items.map((a) => (
          <ListItem
            key={a.id}
            disableGutters
            secondaryAction={
              <Stack direction="row" spacing={0.5}>
                <Tooltip title={t('task.attachments.download')}>
                  <IconButton
                    aria-label={`${t('task.attachments.download')} ${a.fileName}`}
                    onClick={() => run(downloadTaskAttachment(task.id, a))}
                  >
                    <DownloadIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
                {a.abilities.delete && (
                  <Tooltip title={t('task.action.remove')}>
                    <IconButton
                      color="error"
                      aria-label={`${t('task.action.remove')} ${a.fileName}`}
                      onClick={() => run(remove.mutateAsync(a.id))}
                    >
                      <DeleteOutlinedIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                )}
              </Stack>
            }
          >
            <ListItemText
              primary={<bdi>{a.fileName}</bdi>}
              secondary={[
                size.format(Math.max(1, Math.round(a.sizeBytes / 1000))),
                a.uploadedBy,
                formatShort(locale, a.createdAt),
              ]
                .filter(Boolean)
                .join(' · ')}
            />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
