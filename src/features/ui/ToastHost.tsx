import { enqueueSnackbar, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { attachToastOutlet } from './toastOutlet';

/**
 * The toasts on screen (notistack): at most 3 at once, bottom centre, 4 s each; the same message
 * twice in a row shows once. Loaded after the first paint (App), tests render it directly.
 */
export default function ToastHost() {
  useEffect(() => attachToastOutlet((message, variant) => void enqueueSnackbar(message, { variant, preventDuplicate: true })), []);
  return <SnackbarProvider maxSnack={3} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }} autoHideDuration={4000} />;
}
