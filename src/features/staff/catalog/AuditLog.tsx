import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { errorMessage } from '../../../api/errors';
import { auditRows, type AuditRow } from './rules/audit';
import { useGetStaffAuditQuery, type AuditEntity } from './staffCatalogApi';

/** A record's creation lists every field: more than this many are folded. */
const FOLD_AFTER = 6;

function Changes({ changes }: { changes: AuditRow['changes'] }) {
  return (
    <Box component="dl" sx={{ m: 0, mt: 0.5, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(8rem, max-content) 1fr' }, columnGap: 2, rowGap: 0.25 }}>
      {changes.map((c) => (
        <Box key={c.field} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {c.field}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {c.from} → {c.to}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A record's audit log (who, when, each field from → to), newest first, from GET /api/staff/audit. */
export function AuditLog({ entity, id }: { entity: AuditEntity; id: string }) {
  const { data, error, isLoading } = useGetStaffAuditQuery({ entity, id });
  const rows = useMemo(() => auditRows(data ?? []), [data]);
  const headingId = `audit-${entity}-${id}`;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 4 }}>
      <Typography id={headingId} component="h2" variant="h6" sx={{ mb: 1.5 }}>
        Change history
      </Typography>
      {isLoading ? (
        <Skeleton variant="rounded" height={72} />
      ) : error ? (
        <Alert severity="error">{errorMessage(error)}</Alert>
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">No changes recorded yet.</Typography>
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          {rows.map((r) => (
            <Paper component="li" key={r.id} variant="outlined" sx={{ p: 1.5 }}>
              <Typography variant="body2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                {r.action} · {r.who} · <time dateTime={r.when}>{WHEN.format(new Date(r.when))}</time>
              </Typography>
              {r.changes.length > 0 && (r.changes.length > FOLD_AFTER ? (
                <Box component="details" sx={{ mt: 0.5, '& > summary': { cursor: 'pointer', color: 'text.secondary', fontSize: '0.875rem' } }}>
                  <summary>Show the {r.changes.length} fields</summary>
                  <Changes changes={r.changes} />
                </Box>
              ) : (
                <Changes changes={r.changes} />
              ))}
            </Paper>
          ))}
        </Box>
      )}
    </Box>
  );
}
