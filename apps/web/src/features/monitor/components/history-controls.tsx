import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Slider from '@mui/material/Slider';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { useTranslation } from 'react-i18next';
import { ProblemAlert } from '../../../components/problem-alert.tsx';
import { usePositionHistory } from '../../../shared-api/msisdns/position-history.ts';
import { formatDateTime } from '../../../lib/location-format.ts';
import type { TrailPoint } from '../model/geo.ts';
import {
  fromLocalInput,
  HISTORY_PRESETS,
  presetRange,
  rangeProblem,
  toLocalInput,
  type HistoryPreset,
  type TimeRange,
} from '../model/time-range.ts';

const PLAYBACK_STEP_MS = 350;

/**
 * The history of one MSISDN for a chosen period: preset or from–to, drawn on the map as a trail, with a slider (and
 * a play button) that moves a marker along it.
 */
export function HistoryControls({
  msisdnId,
  onTrail,
  onPlayback,
}: {
  msisdnId: number;
  onTrail: (points: readonly TrailPoint[] | null) => void;
  onPlayback: (point: TrailPoint | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const [choice, setChoice] = useState<HistoryPreset | 'custom' | null>(null);
  const [range, setRange] = useState<TimeRange | undefined>();
  const [from, setFrom] = useState(() => toLocalInput(new Date(Date.now() - 86_400_000)));
  const [to, setTo] = useState(() => toLocalInput(new Date()));
  const [customProblem, setCustomProblem] = useState<string | null>(null);
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const history = usePositionHistory(msisdnId, range);
  const points = useMemo(() => (range ? (history.data?.items ?? null) : null), [range, history.data]);

  useEffect(() => {
    onTrail(points);
    setIndex(points ? Math.max(0, points.length - 1) : 0);
    setPlaying(false);
  }, [points, onTrail]);

  const current = points?.[Math.min(index, points.length - 1)];
  useEffect(() => {
    onPlayback(current ? { lat: current.lat, lon: current.lon } : null);
  }, [current, onPlayback]);

  useEffect(
    () => () => {
      onTrail(null);
      onPlayback(null);
    },
    [onTrail, onPlayback],
  );

  useEffect(() => {
    if (!playing || !points) return;
    const timer = setInterval(() => {
      setIndex((i) => {
        if (i >= points.length - 1) {
          setPlaying(false);
          return i;
        }
        return i + 1;
      });
    }, PLAYBACK_STEP_MS);
    return () => clearInterval(timer);
  }, [playing, points]);

  const choose = (next: HistoryPreset | 'custom' | null) => {
    setChoice(next);
    setCustomProblem(null);
    if (next === null) setRange(undefined);
    else if (next !== 'custom') setRange(presetRange(next));
  };

  const showCustom = () => {
    const f = fromLocalInput(from);
    const tt = fromLocalInput(to);
    const problem = rangeProblem(f, tt);
    setCustomProblem(problem);
    if (!problem && f && tt) setRange({ from: f, to: tt });
  };

  const play = () => {
    if (!points) return;
    if (index >= points.length - 1) setIndex(0);
    setPlaying(true);
  };

  return (
    <Box
      component="section"
      aria-labelledby={`history-${msisdnId}`}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1.25 }}
    >
      <Typography id={`history-${msisdnId}`} variant="h5" component="h3">
        {t('monitor.history.title')}
      </Typography>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={choice}
        onChange={(_e, value: HistoryPreset | 'custom' | null) => choose(value)}
        aria-label={t('monitor.history.period')}
        sx={{ flexWrap: 'wrap', '& .MuiToggleButton-root': { px: 1, py: 0.25, fontSize: 12.5 } }}
      >
        {HISTORY_PRESETS.map((p) => (
          <ToggleButton key={p} value={p}>
            {t(`monitor.history.preset.${p}`)}
          </ToggleButton>
        ))}
        <ToggleButton value="custom">{t('monitor.history.custom')}</ToggleButton>
      </ToggleButtonGroup>
      {choice === 'custom' && (
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
          <TextField
            type="datetime-local"
            size="small"
            label={t('monitor.history.from')}
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: to, min: '1900-01-01T00:00' } }}
          />
          <TextField
            type="datetime-local"
            size="small"
            label={t('monitor.history.to')}
            value={to}
            onChange={(e) => setTo(e.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: from, max: '2099-12-31T23:59' } }}
          />
          {customProblem && (
            <Typography variant="body2" color="error" role="alert" sx={{ gridColumn: '1 / -1' }}>
              {t(customProblem)}
            </Typography>
          )}
          <Button
            variant="outlined"
            size="small"
            onClick={showCustom}
            sx={{ gridColumn: '1 / -1', justifySelf: 'start' }}
          >
            {t('monitor.history.show')}
          </Button>
        </Box>
      )}
      {range && history.isFetching && <LinearProgress aria-label={t('common.loading')} />}
      <ProblemAlert error={range ? history.error : null} onRetry={() => void history.refetch()} />
      {points && history.data && (
        <>
          <Typography variant="body2" sx={{ color: 'text.secondary' }} role="status">
            {points.length === 0
              ? t('monitor.history.empty')
              : t('monitor.history.count', { count: points.length.toLocaleString(i18n.language) })}
          </Typography>
          {history.data.truncated && (
            <Alert severity="warning" sx={{ py: 0 }}>
              {t('monitor.history.truncated', { count: points.length })}
            </Alert>
          )}
          {points.length > 1 && current && (
            <Box>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                <IconButton
                  size="small"
                  onClick={() => (playing ? setPlaying(false) : play())}
                  aria-label={playing ? t('monitor.history.pause') : t('monitor.history.play')}
                >
                  {playing ? <PauseIcon fontSize="small" /> : <PlayArrowIcon fontSize="small" />}
                </IconButton>
                <Slider
                  size="small"
                  min={0}
                  max={points.length - 1}
                  step={1}
                  value={Math.min(index, points.length - 1)}
                  onChange={(_e, value) => {
                    setPlaying(false);
                    setIndex(value as number);
                  }}
                  aria-label={t('monitor.history.playback')}
                  getAriaValueText={(value) =>
                    formatDateTime(Date.parse(points[value]?.time ?? ''), i18n.language)
                  }
                  sx={{ flex: 1 }}
                />
              </Box>
              <Typography variant="body2" sx={{ color: 'text.secondary', pl: 5.5 }}>
                {formatDateTime(Date.parse(current.time), i18n.language)}
              </Typography>
            </Box>
          )}
          <Button size="small" onClick={() => choose(null)} sx={{ alignSelf: 'flex-start', px: 1 }}>
            {t('monitor.history.hide')}
          </Button>
        </>
      )}
    </Box>
  );
}
