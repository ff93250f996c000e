import CloseIcon from '@mui/icons-material/Close';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { brand } from '../../../components/brand';
import { TextInput } from '../../../components/OutlinedField';
import type { BundleContent, TimelineEntry } from '../../../domain/fulfilment';
import { NOTE_MAX_LENGTH, TAG_MAX_LENGTH } from '../../../domain/fulfilment';
import { formatCents } from '../../../domain/money';
import { orderLineTotalCents, variantLabel } from '../../../domain/orderLines';
import type { Address, OrderItem } from '../../../domain/types';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { formatWhen } from '../format';
import { useGetOrderFulfilmentQuery, useGetOrderTagSuggestionsQuery } from './fulfilmentApi';
import { noteDraftEdited, selectNoteDraft, selectSavingNoteFor, selectTagDraft, tagDraftEdited } from './fulfilmentSlice';
import { addOrderTag, copyAddress, removeOrderTag, saveOrderNote } from './fulfilmentThunks';

/** The order's notes, tags, timeline and bundle contents (one cached answer per order). */
export const useOrderFulfilment = (orderId: string) => useGetOrderFulfilmentQuery(orderId);

/** Every line with its picture, options and, for a bundle, the products inside it. */
export function OrderLines({ items, bundleContents }: { items: OrderItem[]; bundleContents: Record<number, BundleContent[]> }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="order-lines">
      {items.map((item, i) => {
        const inside = bundleContents[i] ?? [];
        const picture = Array.isArray(item.image) ? item.image[0] : item.image;
        return (
          <Box component="li" key={`${item.productId ?? item.name}-${i}`} sx={{ display: 'flex', gap: 1.5, py: 1, borderBottom: `1px solid ${brand.line}` }}>
            {picture ? (
              <Box component="img" src={picture} alt="" loading="lazy" sx={{ width: 56, height: 56, borderRadius: 2, objectFit: 'cover', bgcolor: brand.line, flexShrink: 0 }} />
            ) : (
              <Box aria-hidden sx={{ width: 56, height: 56, borderRadius: 2, bgcolor: brand.line, flexShrink: 0 }} />
            )}
            <Box sx={{ minWidth: 0, flexGrow: 1 }}>
              <Typography sx={{ fontWeight: 600 }}>{item.name}</Typography>
              <Typography variant="body2" color="text.secondary">
                {[variantLabel(item.color), `× ${item.quantity}`].filter(Boolean).join(' · ')}
              </Typography>
              {inside.length > 0 ? (
                <Box component="ul" aria-label={`Inside ${item.name}`} sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
                  {inside.map((c) => (
                    <Typography component="li" variant="body2" key={c.productId}>
                      {c.name}
                    </Typography>
                  ))}
                </Box>
              ) : null}
            </Box>
            <Typography sx={{ whiteSpace: 'nowrap' }}>{formatCents(orderLineTotalCents(item))}</Typography>
          </Box>
        );
      })}
    </Box>
  );
}

/** The address's copy button (name, street, city, country and phone, as a label needs them). */
export function CopyAddressButton({ address }: { address: Address }) {
  const dispatch = useAppDispatch();
  return (
    <Button size="small" variant="outlined" startIcon={<ContentCopyIcon aria-hidden />} onClick={() => void dispatch(copyAddress(address))} sx={{ mt: 1 }}>
      Copy address
    </Button>
  );
}

const KIND_COLORS: Record<TimelineEntry['kind'], string> = {
  placed: brand.lilacSoft,
  paid: brand.tealSoft,
  status: '#DCEBFF',
  tracking: '#DCEBFF',
  email: brand.sunSoft,
  refund: brand.coralSoft,
  note: '#EDE7EA',
  tag: '#EDE7EA',
};

/** Everything that happened, oldest first. */
export function OrderTimeline({ orderId }: { orderId: string }) {
  const { data, isLoading, isError } = useOrderFulfilment(orderId);
  if (isLoading) return <Typography color="text.secondary">Loading the timeline…</Typography>;
  if (isError || !data) return <Typography color="error">The timeline could not be loaded.</Typography>;
  if (data.timeline.length === 0) return <Typography color="text.secondary">Nothing has happened yet.</Typography>;
  return (
    <Box component="ol" data-testid="order-timeline" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.25 }}>
      {data.timeline.map((e) => (
        <Box component="li" key={e._id} data-kind={e.kind} sx={{ display: 'grid', gridTemplateColumns: '12px minmax(0, 1fr)', gap: 1.25 }}>
          <Box aria-hidden sx={{ width: 12, height: 12, mt: 0.6, borderRadius: '50%', bgcolor: KIND_COLORS[e.kind], border: `2px solid ${brand.ink}` }} />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              {e.title}
            </Typography>
            {e.detail ? (
              <Typography variant="body2" sx={{ whiteSpace: e.kind === 'note' ? 'pre-wrap' : undefined, overflowWrap: 'anywhere' }}>
                {e.detail}
              </Typography>
            ) : null}
            <Typography variant="caption" color="text.secondary">
              {[e.by, formatWhen(e.at)].filter(Boolean).join(' · ')}
            </Typography>
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** Staff-only notes (never shown to the shopper) and tags, with suggestions from the shop's tags. */
export function NotesAndTags({ orderId }: { orderId: string }) {
  const dispatch = useAppDispatch();
  const { data } = useOrderFulfilment(orderId);
  const { data: suggestions = [] } = useGetOrderTagSuggestionsQuery();
  const note = useAppSelector((s) => selectNoteDraft(s, orderId));
  const tag = useAppSelector((s) => selectTagDraft(s, orderId));
  const saving = useAppSelector(selectSavingNoteFor) === orderId;
  const tags = data?.tags ?? [];
  const offered = suggestions.filter((t) => !tags.includes(t) && t.startsWith(tag.trim().toLowerCase())).slice(0, 6);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box>
        <Typography component="h3" variant="subtitle2" sx={{ mb: 0.5 }}>
          Tags
        </Typography>
        <Box component="ul" aria-label="Tags of this order" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 0.75, mb: 1 }}>
          {tags.length === 0 ? (
            <Typography component="li" variant="body2" color="text.secondary">
              No tags yet.
            </Typography>
          ) : (
            tags.map((t) => (
              <Box component="li" key={t} sx={{ display: 'inline-flex', alignItems: 'center', bgcolor: brand.lilacSoft, borderRadius: 4, pl: 1.25 }}>
                <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
                  {t}
                </Typography>
                <IconButton size="small" aria-label={`Remove tag ${t}`} onClick={() => void dispatch(removeOrderTag(orderId, t))}>
                  <CloseIcon fontSize="inherit" aria-hidden />
                </IconButton>
              </Box>
            ))
          )}
        </Box>
        <Box
          component="form"
          method="post"
          aria-label="Add a tag"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void dispatch(addOrderTag(orderId));
          }}
          sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
        >
          <TextInput label="New tag" size="small" value={tag} onChange={(e) => dispatch(tagDraftEdited({ orderId, text: e.target.value }))} inputProps={{ maxLength: TAG_MAX_LENGTH + 10 }} sx={{ flexGrow: 1 }} />
          <Button type="submit" variant="outlined">
            Add
          </Button>
        </Box>
        {offered.length > 0 ? (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mt: 1, alignItems: 'center' }}>
            <Typography variant="caption" color="text.secondary">
              Used before:
            </Typography>
            {offered.map((t) => (
              <Chip key={t} label={`+ ${t}`} size="small" variant="outlined" onClick={() => void dispatch(addOrderTag(orderId, t))} aria-label={`Add tag ${t}`} />
            ))}
          </Box>
        ) : null}
      </Box>
      <Box>
        <Typography component="h3" variant="subtitle2" sx={{ mb: 0.5 }}>
          Internal notes
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
          Only staff see notes; they are never sent to the shopper.
        </Typography>
        {(data?.notes ?? []).length > 0 ? (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1, mb: 1.5 }} data-testid="order-notes">
            {data!.notes.map((n) => (
              <Box component="li" key={n._id} sx={{ bgcolor: brand.sunSoft, borderRadius: 2, p: 1.25 }}>
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {n.body}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {n.author.name} · {formatWhen(n.createdAt)}
                </Typography>
              </Box>
            ))}
          </Box>
        ) : null}
        <Box
          component="form"
          method="post"
          aria-label="Add an internal note"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void dispatch(saveOrderNote(orderId));
          }}
          sx={{ display: 'grid', gap: 1 }}
        >
          <TextInput label="New note" multiline minRows={2} size="small" fullWidth value={note} onChange={(e) => dispatch(noteDraftEdited({ orderId, text: e.target.value }))} inputProps={{ maxLength: NOTE_MAX_LENGTH }} />
          <Box>
            <Button type="submit" variant="contained" loading={saving} aria-busy={saving}>
              Add note
            </Button>
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
