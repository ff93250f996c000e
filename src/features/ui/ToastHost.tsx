import { styled } from '@mui/material/styles';
import Button from '@mui/material/Button';
import { closeSnackbar, enqueueSnackbar, MaterialDesignContent, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { attachToastOutlet } from './toastOutlet';

/**
 * notistack's own colours put white text on 3.1–3.3:1 backgrounds (success, info) and 2.2:1
 * (warning): these darker ones keep every toast at 4.8:1 or more (WCAG AA).
 */
const Toast = styled(MaterialDesignContent)({
  '&.notistack-MuiContent-success': { backgroundColor: '#2e7d32' },
  // A toast asked for without a kind is a notice: the info style, never notistack's own dark grey
  // (one toast style across the shop and the console).
  '&.notistack-MuiContent-info, &.notistack-MuiContent-default': { backgroundColor: '#0277bd' },
  '&.notistack-MuiContent-warning': { backgroundColor: '#b45309' },
  '&.notistack-MuiContent-error': { backgroundColor: '#d32f2f' },
});
const TOAST_COMPONENTS = { default: Toast, success: Toast, info: Toast, warning: Toast, error: Toast };

/**
 * The toasts on screen (notistack): at most 3 at once, bottom centre, 4 s each; the same message
 * twice in a row shows once. Loaded after the first paint (App), tests render it directly.
 */
export default function ToastHost() {
  useEffect(
    () =>
      attachToastOutlet((message, variant, button) => {
        if (!button) return void enqueueSnackbar(message, { variant, preventDuplicate: true });
        // A toast with a button (Undo) stays a little longer: there is something to do with it.
        enqueueSnackbar(message, {
          variant,
          autoHideDuration: 8000,
          action: (key) => (
            <Button
              size="small"
              onClick={() => {
                closeSnackbar(key);
                button.onPress();
              }}
              sx={{ color: '#FFFFFF', fontWeight: 800, textDecoration: 'underline', minHeight: 36 }}
            >
              {button.label}
            </Button>
          ),
        });
      }),
    [],
  );
  return <SnackbarProvider maxSnack={3} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }} autoHideDuration={4000} Components={TOAST_COMPONENTS} />;
}
