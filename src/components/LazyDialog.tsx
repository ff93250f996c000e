import type { DialogProps } from '@mui/material/Dialog';
import { lazy, Suspense, useState } from 'react';

const parts = () => import('./DialogParts');
const Dialog = lazy(() => parts().then((m) => ({ default: m.Dialog })));

/**
 * MUI's Dialog, loaded the first time it opens: a page whose dialogs stay shut (the product page's
 * "Added to cart", its review dialogs) does not load the modal, its transitions and focus trap
 * (~9 KB), nor the title, content and actions drawn inside it (LazyDialogTitle… below, ~3 KB with
 * their contexts). Once opened it stays mounted, so it closes with its transition and hands the
 * focus back as Dialog does.
 */
export function LazyDialog(props: DialogProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  return opened ? (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  ) : null;
}

/** MUI's DialogTitle, DialogContent and DialogActions for a LazyDialog's children: they come with the dialog's code (same chunk, same Suspense). */
export const LazyDialogTitle = lazy(() => parts().then((m) => ({ default: m.DialogTitle })));
export const LazyDialogContent = lazy(() => parts().then((m) => ({ default: m.DialogContent })));
export const LazyDialogActions = lazy(() => parts().then((m) => ({ default: m.DialogActions })));
