import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectDeleteDialog, staffCatalogActions as A } from './catalogEditorSlice';
import { confirmDelete, setProductHidden } from './catalogThunks';

/** Confirms a delete; when the server refuses (an active bundle or an unpaid order holds the product) shows why and offers Hide. */
export function DeleteProductDialog() {
  const dispatch = useAppDispatch();
  const dialog = useAppSelector(selectDeleteDialog);
  const close = () => dispatch(A.deleteDialogClosed());
  const deleting = dialog?.status === 'deleting';
  return (
    <Dialog open={dialog !== null} onClose={deleting ? undefined : close} aria-labelledby="delete-product-title" aria-describedby="delete-product-text">
      <DialogTitle id="delete-product-title">{dialog?.status === 'refused' ? 'This product cannot be deleted' : 'Delete this product?'}</DialogTitle>
      <DialogContent>
        {dialog?.status === 'refused' ? (
          <Alert severity="warning" id="delete-product-text">
            {dialog.message}
          </Alert>
        ) : (
          <DialogContentText id="delete-product-text">
            &ldquo;{dialog?.name}&rdquo; leaves the shop for good, with its lines in shoppers&rsquo; carts and wishlists. Hiding it instead keeps it for later.
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={deleting}>
          {dialog?.status === 'refused' ? 'Close' : 'Keep it'}
        </Button>
        {dialog?.status === 'refused' ? (
          <Button variant="contained" onClick={() => void dispatch(setProductHidden(dialog.id, true))}>
            Hide it instead
          </Button>
        ) : (
          <Button variant="contained" color="error" loading={deleting} aria-busy={deleting} onClick={() => void dispatch(confirmDelete())}>
            Delete
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
