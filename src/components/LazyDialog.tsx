import type { DialogProps } from '@mui/material/Dialog';
import { lazy, Suspense, useState } from 'react';

const Dialog = lazy(() => import('@mui/material/Dialog'));

/**
 * MUI's Dialog, loaded the first time it opens: a page whose dialogs stay shut (the product page's
 * "Added to cart", its review dialogs) does not load the modal, its transitions and focus trap
 * (~9 KB). Once opened it stays mounted, so it closes with its transition and hands the focus back
 * as Dialog does.
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
