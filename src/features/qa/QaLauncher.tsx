import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { useAppSelector, useAppStore } from '../../store/hooks';
import { browserStorage, readQaMode } from './qaMode';
import { selectReplaying } from './qaSlice';

// The panel (and its icons) load only when someone opens it.
const QaPanel = lazy(() => import('./QaPanel'));

const isToggleKey = (e: KeyboardEvent) => e.ctrlKey && e.shiftKey && (e.code === 'KeyQ' || e.key.toLowerCase() === 'q');

/**
 * Opens the QA panel: at once in QA mode (`?qa=1`, remembered), or with Ctrl+Shift+Q anywhere.
 * Once opened the panel stays mounted (hidden when closed) so a replay in progress is never lost;
 * while closed in QA mode or during a replay a small "QA" button brings it back (phones have no keyboard).
 */
export function QaLauncher() {
  const [qaMode] = useState(() => typeof window !== 'undefined' && readQaMode(window.location.search, browserStorage()));
  const [open, setOpen] = useState(qaMode);
  const [mounted, setMounted] = useState(qaMode);
  const replaying = useAppSelector(selectReplaying);
  const { recorder } = useAppStore();
  const status = useSyncExternalStore(recorder.subscribe, recorder.status, recorder.status);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isToggleKey(e)) return;
      e.preventDefault();
      setMounted(true);
      setOpen((o) => !o);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <>
      {mounted && (
        <Suspense fallback={null}>
          <QaPanel open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
      {!open && (qaMode || replaying) && (
        <ButtonBase
          onClick={() => {
            setMounted(true);
            setOpen(true);
          }}
          aria-label="Open the QA panel"
          title={replaying ? 'Replaying a QA log' : status.recording ? `Recording: ${status.count} actions` : 'QA panel'}
          sx={{
            position: 'fixed',
            left: 12,
            bottom: 12,
            zIndex: 1400,
            px: 1.5,
            py: 0.75,
            borderRadius: 99,
            bgcolor: replaying ? 'warning.main' : 'text.primary',
            color: replaying ? 'text.primary' : 'background.paper',
            fontWeight: 700,
            fontSize: 13,
            boxShadow: 3,
          }}
        >
          <Box component="span" aria-hidden sx={{ mr: 0.75, color: replaying ? 'inherit' : status.recording ? 'error.light' : 'grey.500' }}>
            {replaying ? '▶' : '●'}
          </Box>
          QA{status.recording && !replaying ? ` · ${status.count}` : ''}
        </ButtonBase>
      )}
    </>
  );
}
