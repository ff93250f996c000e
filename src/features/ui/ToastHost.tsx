import { styled } from '@mui/material/styles';
import { enqueueSnackbar, MaterialDesignContent, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { attachToastOutlet } from './toastOutlet';

/**
 * notistack's own colours put white text on 3.1–3.3:1 backgrounds (success, info) and 2.2:1
 * (warning): these darker ones keep every toast at 4.8:1 or more (WCAG AA).
 */
const Toast = styled(MaterialDesignContent)({
  '&.notistack-MuiContent-success': { backgroundColor: '#2e7d32' },
  '&.notistack-MuiContent-info': { backgroundColor: '#0277bd' },
  '&.notistack-MuiContent-warning': { backgroundColor: '#b45309' },
  '&.notistack-MuiContent-error': { backgroundColor: '#d32f2f' },
});
const TOAST_COMPONENTS = { default: Toast, success: Toast, info: Toast, warning: Toast, error: Toast };

/**
 * The toasts on screen (notistack): at most 3 at once, bottom centre, 4 s each; the same message
 * twice in a row shows once. Loaded after the first paint (App), tests render it directly.
 */
export default function ToastHost() {
  useEffect(() => attachToastOutlet((message, variant) => void enqueueSnackbar(message, { variant, preventDuplicate: true })), []);
  return <SnackbarProvider maxSnack={3} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }} autoHideDuration={4000} Components={TOAST_COMPONENTS} />;
}
