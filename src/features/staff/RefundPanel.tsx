import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { brand } from '../../components/brand';
import { formatMoney } from '../../domain/money';
import type { RefundPanel as RefundPanelData } from '../../domain/refunds';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { formatWhen } from './format';
import { useGetRefundPanelQuery } from './refundApi';
import {
  refundAmountEdited,
  refundConfirmClosed,
  refundConfirmOpened,
  refundReasonEdited,
  refundRestockToggled,
  refundUnitsEdited,
  selectRefundDraft,
} from './refundPanelSlice';
import { refundPreview } from './refundRules';
import { submitRefund } from './refundThunks';

/** The staff order page's refunds: what was given back, and a refund of chosen items or an amount. */
export function RefundPanel({ orderId }: { orderId: string }) {
  const { data, isLoading, isError } = useGetRefundPanelQuery(orderId);
  return (
    <Box component="section" aria-labelledby="order-refunds-title" data-testid="refund-panel" sx={{ bgcolor: 'background.paper', border: `1px solid ${brand.line}`, borderRadius: 3, p: { xs: 2, md: 2.5 }, minWidth: 0 }}>
      <Typography id="order-refunds-title" component="h2" variant="h6" sx={{ mb: 1.5 }}>
        Refunds
      </Typography>
      {isLoading ? <Skeleton variant="rounded" height={120} /> : isError || !data ? <Alert severity="error">The refunds could not be loaded. Reload the page to try again.</Alert> : <PanelBody panel={data} />}
    </Box>
  );
}

function PanelBody({ panel }: { panel: RefundPanelData }) {
  const dispatch = useAppDispatch();
  const orderId = panel.orderId;
  const draft = useAppSelector((s) => selectRefundDraft(s, orderId));
  const preview = refundPreview(panel, draft);
  const canRefund = panel.refundable > 0;
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Typography variant="body2" data-testid="refund-summary">
        Paid {formatMoney(panel.paid)} · Refunded {formatMoney(panel.refunded)} ·{' '}
        <strong>
          Left to refund <span data-testid="refundable">{formatMoney(panel.refundable)}</span>
        </strong>
      </Typography>
      {panel.refunds.length > 0 && (
        <Box component="ul" aria-label="Refunds made" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}>
          {panel.refunds.map((r) => (
            <Typography component="li" variant="body2" key={r._id} data-testid="refund-made">
              {formatMoney(r.amount)} · {formatWhen(r.at)}
              {r.by.name || r.by.email ? ` · by ${r.by.name ?? r.by.email}` : ''}
              {r.reason ? ` · “${r.reason}”` : ''}
              {r.restock ? ' · back in stock' : ''}
            </Typography>
          ))}
        </Box>
      )}
      {canRefund && (
        <>
          <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, display: 'grid', gap: 0.5 }}>
            <Typography component="legend" variant="body2" sx={{ fontWeight: 700, mb: 0.5 }}>
              Items to refund
            </Typography>
            {panel.lines.map((line) => {
              const left = line.quantity - line.refundedQuantity;
              const units = draft.units[line.index] ?? 0;
              return (
                <Box key={line.index} sx={{ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr) 76px', alignItems: 'center', gap: 1 }}>
                  <Checkbox
                    checked={units > 0}
                    disabled={left === 0}
                    onChange={(e) => dispatch(refundUnitsEdited({ orderId, index: line.index, units: e.target.checked ? left : 0 }))}
                    slotProps={{ input: { 'aria-label': `Refund ${line.name}` } }}
                  />
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {line.name} · {formatMoney(line.total)}
                    <Box component="span" sx={{ color: 'text.secondary' }}>
                      {line.refundedQuantity > 0 ? ` · ${line.refundedQuantity} of ${line.quantity} refunded` : ` · ${line.quantity} ordered`}
                    </Box>
                  </Typography>
                  <TextField
                    size="small"
                    type="number"
                    label="Units"
                    value={units}
                    disabled={left === 0}
                    onChange={(e) => dispatch(refundUnitsEdited({ orderId, index: line.index, units: Math.max(0, Math.floor(Number(e.target.value) || 0)) }))}
                    slotProps={{ htmlInput: { min: 0, max: left, 'aria-label': `Units of ${line.name} to refund` } }}
                  />
                </Box>
              );
            })}
          </Box>
          <TextField
            size="small"
            label="Amount (shipping or other)"
            placeholder="0.00"
            value={draft.amount}
            onChange={(e) => dispatch(refundAmountEdited({ orderId, amount: e.target.value }))}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            helperText={`Shipping was ${formatMoney(panel.shipping)}; it is refunded only as an amount.`}
          />
          <TextField size="small" label="Reason (for the records)" value={draft.reason} onChange={(e) => dispatch(refundReasonEdited({ orderId, reason: e.target.value }))} slotProps={{ htmlInput: { maxLength: 500 } }} />
          <FormControlLabel control={<Switch checked={draft.restock} onChange={(e) => dispatch(refundRestockToggled({ orderId, restock: e.target.checked }))} />} label="Put the items back in stock" />
          {(draft.error ?? (!preview.ok ? preview.message : null)) && (
            <Alert severity="error" role="alert" data-testid="refund-error">
              {draft.error ?? (!preview.ok ? preview.message : '')}
            </Alert>
          )}
          <Button variant="contained" color="secondary" disabled={!preview.ok || draft.sending} onClick={() => dispatch(refundConfirmOpened(orderId))}>
            {preview.ok ? `${preview.label}…` : 'Refund…'}
          </Button>
          <Dialog open={draft.confirmKey !== null} onClose={() => dispatch(refundConfirmClosed({ orderId }))} aria-labelledby="refund-confirm-title" aria-describedby="refund-confirm-text">
            <DialogTitle id="refund-confirm-title">{preview.ok ? `${preview.label}?` : 'Refund?'}</DialogTitle>
            <DialogContent>
              <DialogContentText id="refund-confirm-text">
                The money goes back to the customer’s card and they are e-mailed. This cannot be undone.
                {draft.restock ? ' The items go back in stock.' : ''}
              </DialogContentText>
              {draft.error && (
                <Alert severity="error" sx={{ mt: 1.5 }}>
                  {draft.error}
                </Alert>
              )}
            </DialogContent>
            <DialogActions>
              <Button onClick={() => dispatch(refundConfirmClosed({ orderId }))} disabled={draft.sending}>
                Keep the money
              </Button>
              <Button variant="contained" color="secondary" loading={draft.sending} disabled={!preview.ok} onClick={() => void dispatch(submitRefund(panel))}>
                {preview.ok ? preview.label : 'Refund'}
              </Button>
            </DialogActions>
          </Dialog>
        </>
      )}
    </Box>
  );
}
