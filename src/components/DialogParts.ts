// MUI's modal dialog and the parts drawn inside it, loaded together when a dialog first opens (LazyDialog.tsx).
export { default as Dialog } from '@mui/material/Dialog';
export { default as DialogActions } from '@mui/material/DialogActions';
export { default as DialogContent } from '@mui/material/DialogContent';
export { default as DialogTitle } from '@mui/material/DialogTitle';
