import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/Download';
import FiberManualRecordIcon from '@mui/icons-material/FiberManualRecord';
import FirstPageIcon from '@mui/icons-material/FirstPage';
import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import SkipNextIcon from '@mui/icons-material/SkipNext';
import StopIcon from '@mui/icons-material/Stop';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, useSyncExternalStore, type ChangeEvent, type FormEvent } from 'react';
import { TextInput } from '../../components/OutlinedField';
import { serializeActionLog, toLogValue } from './actionLog';
import { useAppDispatch, useAppSelector, useAppStore } from '../../store/hooks';
import { installRecorder } from './recorder';
import { downloadText, fileStamp } from './download';
import { errorDismissed, jumpTyped, selectJumpText, selectReplayError, selectReplaying, selectReplayLog, selectReplayPosition } from './qaSlice';
import { replayerFor } from './replayController';

function seconds(ms: number): string {
  return `+${(Math.max(0, ms) / 1000).toFixed(1)} s`;
}

/**
 * The QA panel: record (start/stop, count, download the log or the current state) and
 * replay a log file into the running app, step by step or all at once. Screens only dispatch and
 * select (STYLE rule 7): recording lives in recorder.ts, replay in replayController.ts, what the panel
 * shows of a replay in the qa slice.
 */
export default function QaPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const store = useAppStore();
  // The recorder comes with this panel's chunk unless QA mode or development loaded it at start-up
  // (main.tsx). Installing is idempotent, so doing it while rendering is safe.
  const [recorder] = useState(() => installRecorder(store));
  const status = useSyncExternalStore(recorder.subscribe, recorder.status, recorder.status);
  const dispatch = useAppDispatch();
  // The replay session is store state (qaSlice), so DevTools shows a replay as it goes.
  const [replayer] = useState(() => replayerFor(store));
  const session = useAppSelector(selectReplayLog);
  const position = useAppSelector(selectReplayPosition);
  const active = useAppSelector(selectReplaying);
  const error = useAppSelector(selectReplayError);
  const jump = useAppSelector(selectJumpText);
  const fileInput = useRef<HTMLInputElement>(null);
  const headingId = useId();

  const canDownloadLog = status.recording || status.count > 0 || status.dropped > 0;

  function downloadLog() {
    const file = recorder.exportLog();
    if (!file) return;
    downloadText(fileStamp('layerloft-log', store.deps.now()), serializeActionLog(file));
  }

  function downloadState() {
    downloadText(fileStamp('layerloft-state', store.deps.now()), `${JSON.stringify(toLogValue(store.getState()), null, 2)}\n`);
  }

  async function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    // A refused file leaves the current replay (if any) and the app as they were.
    replayer.load(await file.text(), file.name);
  }

  const show = (p: number) => replayer.show(p);
  const exit = () => replayer.exit();

  function onJump(e: FormEvent) {
    e.preventDefault();
    const n = Number(jump);
    if (jump.trim() === '' || !Number.isFinite(n)) return;
    show(n);
  }

  const total = session?.steps.length ?? 0;
  const current = session && position > 0 ? (session.steps[position - 1] ?? null) : null;

  return (
    <Paper
      role="region"
      aria-labelledby={headingId}
      hidden={!open}
      elevation={8}
      sx={{
        position: 'fixed',
        left: 8,
        bottom: 8,
        zIndex: 1400,
        width: 'min(380px, calc(100vw - 16px))',
        maxHeight: 'min(85vh, 680px)',
        overflowY: 'auto',
        p: 2,
        borderRadius: 3,
        border: 1,
        borderColor: 'divider',
        display: open ? 'block' : 'none',
      }}
    >
      <Stack direction="row" sx={{ mb: 1, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography id={headingId} component="h2" variant="subtitle1" sx={{ fontWeight: 800 }}>
          QA panel
        </Typography>
        <Tooltip title="Close (Ctrl+Shift+Q)">
          <IconButton size="small" onClick={onClose} aria-label="Close the QA panel">
            <CloseIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>

      <Box component="section" aria-label="Recording">
        <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center' }}>
          <FiberManualRecordIcon aria-hidden fontSize="small" sx={{ color: status.recording ? 'error.main' : 'text.disabled' }} />
          <Typography variant="body2" data-testid="qa-recorder-status">
            <strong>{status.recording ? 'Recording' : canDownloadLog ? 'Stopped' : 'Not recording'}</strong>
            {' · '}
            <span data-testid="qa-action-count">{status.count}</span> {status.count === 1 ? 'action' : 'actions'}
            {status.dropped > 0 && ` (${status.dropped} older folded into the start state)`}
          </Typography>
        </Stack>
        <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
          {status.recording ? (
            <Button size="small" variant="contained" color="error" startIcon={<StopIcon />} onClick={() => recorder.stop()}>
              Stop recording
            </Button>
          ) : (
            <Button size="small" variant="contained" startIcon={<FiberManualRecordIcon />} onClick={() => recorder.start()} disabled={active}>
              Start recording
            </Button>
          )}
          <Button size="small" variant="outlined" startIcon={<DownloadIcon />} onClick={downloadLog} disabled={!canDownloadLog}>
            Download log
          </Button>
          <Button size="small" variant="text" startIcon={<DownloadIcon />} onClick={downloadState}>
            Download state
          </Button>
        </Stack>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.75 }}>
          Tokens, passwords, card data and payment sessions are redacted before anything is saved.
        </Typography>
      </Box>

      <Divider sx={{ my: 1.5 }} />

      <Box component="section" aria-label="Replay">
        <input ref={fileInput} type="file" accept=".json,application/json" hidden aria-label="Log file" onChange={(e) => void onFile(e)} />
        <Stack direction="row" spacing={1} sx={{ minWidth: 0, alignItems: 'center' }}>
          <Button size="small" variant="outlined" startIcon={<UploadFileIcon />} onClick={() => fileInput.current?.click()} sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
            Load log
          </Button>
          {session && (
            <Typography variant="body2" noWrap title={session.name} sx={{ minWidth: 0 }}>
              {session.name} · {total} steps
            </Typography>
          )}
        </Stack>

        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 1 }} onClose={() => dispatch(errorDismissed())}>
            {error}
          </Alert>
        )}

        {session && (
          <Box sx={{ mt: 1.25 }}>
            {active && (
              <Alert severity="warning" sx={{ mb: 1, py: 0 }}>
                Replaying: server calls, syncing and saving are paused.
              </Alert>
            )}
            <Typography variant="body2" aria-live="polite" data-testid="qa-replay-position">
              {active ? (
                <>
                  Step <strong>{position}</strong> of {total}
                  {current ? (
                    <>
                      {' · '}
                      <Box component="code" sx={{ fontSize: 12, wordBreak: 'break-all' }}>
                        {current.type}
                      </Box>{' '}
                      <Box component="span" sx={{ color: 'text.secondary' }}>
                        {seconds(current.at)}
                      </Box>
                    </>
                  ) : (
                    ' · the recorded start state'
                  )}
                </>
              ) : (
                `Ready: ${total} steps. Step through or replay all.`
              )}
            </Typography>
            <Stack direction="row" spacing={0.5} sx={{ mt: 1, alignItems: 'center' }}>
              <Tooltip title="Start state">
                <span>
                  <IconButton aria-label="Go to the start" onClick={() => show(0)} disabled={active && position === 0}>
                    <FirstPageIcon />
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip title="Previous step">
                <span>
                  <IconButton aria-label="Previous step" onClick={() => show(position - 1)} disabled={!active || position === 0}>
                    <NavigateBeforeIcon />
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip title="Next step">
                <span>
                  <IconButton aria-label="Next step" onClick={() => show(active ? position + 1 : 1)} disabled={active && position >= total}>
                    <NavigateNextIcon />
                  </IconButton>
                </span>
              </Tooltip>
              <Button size="small" variant="contained" color="secondary" startIcon={<SkipNextIcon />} onClick={() => show(total)} sx={{ ml: 'auto !important' }}>
                Replay all
              </Button>
            </Stack>
            <Stack component="form" method="post" direction="row" spacing={1} onSubmit={onJump} sx={{ mt: 1, alignItems: 'center' }}>
              <TextInput
                size="small"
                type="number"
                label="Jump to step"
                value={jump}
                onChange={(e) => dispatch(jumpTyped(e.target.value))}
                inputProps={{ min: 0, max: total }}
                sx={{ width: 140 }}
              />
              <Button size="small" type="submit" variant="outlined">
                Go
              </Button>
              {active && (
                <Button size="small" onClick={exit} sx={{ ml: 'auto !important' }}>
                  Exit replay
                </Button>
              )}
            </Stack>
          </Box>
        )}
      </Box>
    </Paper>
  );
}
