import Pagination from '@mui/material/Pagination';
import PaginationItem from '@mui/material/PaginationItem';
import type { MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';

/**
 * The store's page links under the grid. A chunk of its own: it sits below the fold and only
 * shows when there are more than 12 results, so the store's first paint does not wait for it.
 * Each page is a real link (`hrefFor`): clicked before the app has taken over the server's page,
 * it loads that page from the server; after, the click is the store's event (`onChange`) and a
 * modified click (new tab, new window) is the browser's.
 */
export default function StorePagination({ count, page, hrefFor, onChange }: { count: number; page: number; hrefFor: (page: number) => string; onChange: (page: number) => void }) {
  return (
    <Pagination
      count={count}
      page={page}
      onChange={(event, p) => {
        const click = event as MouseEvent;
        if (click.metaKey || click.ctrlKey || click.shiftKey || click.altKey || click.button > 0) return;
        event.preventDefault();
        onChange(p);
      }}
      renderItem={(item) => <PaginationItem component={RouterLink} to={hrefFor(item.page ?? 1)} {...item} />}
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
