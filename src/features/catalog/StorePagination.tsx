import Pagination from '@mui/material/Pagination';

/**
 * The store's page links under the grid. A chunk of its own: it sits below the fold and only
 * shows when there are more than 12 results, so the store's first paint does not wait for it.
 */
export default function StorePagination({ count, page, onChange }: { count: number; page: number; onChange: (page: number) => void }) {
  return (
    <Pagination
      count={count}
      page={page}
      onChange={(_e, p) => onChange(p)}
      color="primary"
      shape="rounded"
      siblingCount={1}
      boundaryCount={1}
      size="large"
      getItemAriaLabel={(type, p, selected) => (type === 'page' ? `${selected ? '' : 'Go to '}page ${p}` : `Go to ${type} page`)}
      sx={{ '& .MuiPaginationItem-root': { fontWeight: 700 } }}
    />
  );
}
