import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useCallback, useContext, useEffect } from 'react';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router-dom';
import { useCanHoldNavigation, useHeldNavigation, type HeldNavigation, type ShouldBlock } from '../router';
import { useAppSelector, useAppStore } from '../../store/hooks';
import type { RootState } from '../../store/types';

interface GuardProps {
  /** Whether the editor holds changes not saved yet, read from the store. */
  select: (state: RootState) => boolean;
  /** What is unsaved, for the question ("this product"). */
  what: string;
}

/**
 * Asks before staff leave an editor holding unsaved changes: another page of the app (a link, the
 * menu, back and forward: held by the app's router, features/router/blockingHistory.tsx, or by
 * react-router's `useBlocker` under a data router) or the page itself (reload, closing the tab:
 * the browser's own `beforeunload` question). Changing the url's query on the same page (a list's
 * filter beside the editor) is not leaving. The store is read when the navigation happens, so a
 * save that navigates right after it (a new record's own url) is never asked about.
 */
export function UnsavedChangesGuard(props: GuardProps) {
  const dirty = useAppSelector(props.select);
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the question only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);
  // Blocking needs the app's browser router or a data router; a test's plain router renders the editor without it.
  const dataRouter = useContext(UNSAFE_DataRouterContext) !== null;
  const appRouter = useCanHoldNavigation();
  return dataRouter ? <DataRouterQuestion {...props} /> : appRouter ? <AppRouterQuestion {...props} /> : null;
}

/** Leaving: to another page, with changes not saved (read from the store when it happens). */
function useLeaving(select: GuardProps['select']): ShouldBlock {
  const store = useAppStore();
  return useCallback<ShouldBlock>(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && select(store.getState()), [select, store]);
}

function AppRouterQuestion({ select, what }: GuardProps) {
  return <LeaveQuestion held={useHeldNavigation(useLeaving(select))} what={what} />;
}

function DataRouterQuestion({ select, what }: GuardProps) {
  return <LeaveQuestion held={useBlocker(useLeaving(select)) as HeldNavigation} what={what} />;
}

function LeaveQuestion({ held, what }: { held: HeldNavigation; what: string }) {
  const open = held.state === 'blocked';
  return (
    <Dialog open={open} onClose={() => held.reset?.()} aria-labelledby="unsaved-title" aria-describedby="unsaved-text">
      <DialogTitle id="unsaved-title">Leave without saving?</DialogTitle>
      <DialogContent>
        <DialogContentText id="unsaved-text">Your changes to {what} are not saved. If you leave now, they stay in this editor until you come back or reload the page.</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => held.reset?.()} autoFocus>
          Stay and keep editing
        </Button>
        <Button color="error" onClick={() => held.proceed?.()}>
          Leave
        </Button>
      </DialogActions>
    </Dialog>
  );
}
