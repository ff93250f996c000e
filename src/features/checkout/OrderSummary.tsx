import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { KeyboardEvent } from 'react';
import { assetUrl } from '../../api/config';
import { brand } from '../../components/brand';
import { LineShipBy } from '../../components/LineSummary';
import { TextInput } from '../../components/OutlinedField';
import type { ResolvedLine } from '../../domain/cartLines';
import type { OrderLineProblem, TotalsCents } from '../../domain/checkout';
import { formatMoney, toDollars } from '../../domain/money';
import type { Discount } from '../../domain/types';

const money = (cents: number) => formatMoney(toDollars(cents));

function variantText(line: ResolvedLine): string {
  if (line.kind === 'bundle') return 'Bundle Deal';
  if (line.kind === 'accessory') return line.parentName ? `Accessory for ${line.parentName}` : 'Accessory';
  return [line.color, line.size && `Size ${line.size}`].filter(Boolean).join(' · ');
}

export function SummaryLine({ line, problem, shipText }: { line: ResolvedLine; problem?: string; shipText?: string | null }) {
  const variant = variantText(line);
  return (
    <Box component="li" sx={{ display: 'grid', gridTemplateColumns: '56px minmax(0, 1fr) auto', gap: 1.5, alignItems: 'center', py: 1.25 }}>
      <Box sx={{ position: 'relative', width: 56, height: 56 }}>
        <Box
          component="img"
          src={assetUrl(line.image)}
          alt=""
          loading="lazy"
          width={56}
          height={56}
          sx={{ width: 56, height: 56, borderRadius: '12px', objectFit: 'cover', bgcolor: brand.sunSoft, display: 'block', ...(problem ? { filter: 'grayscale(1)', opacity: 0.6 } : {}) }}
        />
        <Box
          aria-hidden
          sx={{ position: 'absolute', top: -6, right: -6, minWidth: 22, height: 22, px: 0.75, borderRadius: 999, bgcolor: brand.ink, color: '#fff', fontSize: '0.75rem', fontWeight: 800, display: 'grid', placeItems: 'center' }}
        >
          {line.quantity}
        </Box>
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 800, lineHeight: 1.25, overflowWrap: 'anywhere' }}>{line.name || 'An item that is no longer in the shop'}</Typography>
        <Typography variant="body2" color="text.secondary">
          {variant && `${variant} · `}
          {line.quantity} × {line.unitPriceCents === null ? '—' : money(line.unitPriceCents)}
        </Typography>
        {problem && (
          <Typography variant="body2" color="error" sx={{ fontWeight: 700 }}>
            {problem}
          </Typography>
        )}
        {!problem && shipText !== undefined && <LineShipBy text={shipText} />}
      </Box>
      <Typography sx={{ fontWeight: 800, whiteSpace: 'nowrap' }}>{line.lineTotalCents === null ? '—' : money(line.lineTotalCents)}</Typography>
    </Box>
  );
}

/** Subtotal, delivery fee, discount and total (SPEC §2 order summary). */
export function TotalsList({ totals, discount }: { totals: TotalsCents; discount: Discount | null }) {
  return (
    <Box
      component="dl"
      aria-label="Order totals"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 1, '& dt': { color: 'text.secondary' }, '& dd': { m: 0, textAlign: 'right', fontWeight: 700 } }}
    >
      <dt>Subtotal</dt>
      <dd>{money(totals.subtotal)}</dd>
      <dt>Delivery fee</dt>
      <dd>{totals.subtotal > 0 && totals.shipping === 0 ? 'Free' : money(totals.shipping)}</dd>
      {discount && (
        <>
          <Box component="dt" sx={{ color: 'secondary.dark !important' }}>
            Discount ({discount.code}, {discount.percentage}%)
          </Box>
          <Box component="dd" sx={{ color: 'secondary.dark' }}>
            −{money(totals.discount)}
          </Box>
        </>
      )}
      <Box component="dt" sx={{ pt: 1.25, mt: 0.5, borderTop: 1, borderColor: 'divider', fontWeight: 800, fontSize: '1.15rem', color: 'text.primary !important' }}>
        Total
      </Box>
      {/* `!important`: the list's `& dd { margin: 0 }` would drop this margin and step the rule down under 'Total'. */}
      <Box component="dd" data-testid="order-total" sx={{ pt: 1.25, mt: '4px !important', borderTop: 1, borderColor: 'divider', fontSize: '1.15rem', fontWeight: '800 !important' }}>
        {money(totals.total)}
      </Box>
    </Box>
  );
}

/** The discount code field: trimmed and upper-cased by the listener; 'Invalid code' inline. */
export function DiscountField({
  code,
  discount,
  error,
  checking,
  disabled,
  onCodeChange,
  onApply,
  onRemove,
}: {
  code: string;
  discount: Discount | null;
  error: string | null;
  checking: boolean;
  disabled: boolean;
  onCodeChange: (code: string) => void;
  onApply: () => void;
  onRemove: () => void;
}) {
  // Not a <form>: this field sits inside the checkout form, so Enter applies the code here.
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    // Like the disabled 'Apply' button: a code being checked is not sent again.
    if (!checking) onApply();
  };
  if (discount) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Chip
          icon={<LocalOfferOutlined />}
          label={`${discount.code} · ${discount.percentage}% off`}
          onDelete={disabled ? undefined : onRemove}
          sx={{ bgcolor: brand.tealSoft, color: 'secondary.dark', fontWeight: 800 }}
        />
        <Typography variant="body2" color="text.secondary">
          Applied to subtotal and delivery
        </Typography>
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <TextInput
        id="checkout-discount"
        label="Discount code"
        size="small"
        value={code}
        onChange={(e) => onCodeChange(e.target.value)}
        onKeyDown={onKeyDown}
        error={Boolean(error)}
        helperText={error ?? ' '}
        disabled={disabled}
        autoComplete="off"
        inputProps={{ maxLength: 64, style: { textTransform: 'uppercase' } }}
        sx={{ flex: 1 }}
      />
      <Button type="button" variant="outlined" color="secondary" disabled={disabled || checking} loading={checking} aria-busy={checking} onClick={onApply} sx={{ height: 40, flexShrink: 0 }}>
        {checking ? 'Checking…' : 'Apply'}
      </Button>
    </Box>
  );
}

export function problemFor(problems: OrderLineProblem[], key: string): string | undefined {
  return problems.find((p) => p.key === key)?.message;
}
