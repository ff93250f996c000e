import { useCallback } from 'react';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import type { StoreQuery } from '../../domain/storeQuery';
import { FilterPanel } from './FilterPanel';
import { selectStoreView, storeFilterToggled, storeViewChanged, type ListFilter } from './storeView';

/**
 * The store's filter panel, reading the view and reporting changes itself: a chunk of its own
 * (the panel, MUI's Slider), which StorePage loads only where a filter panel is shown. Its props
 * never change, so the sidebar's server-rendered copy on a phone, hidden there and never
 * hydrated, gets no update that would make React render it anew.
 */
export default function StoreFilters({ idPrefix }: { idPrefix: string }) {
  const dispatch = useAppDispatch();
  const { query, colors, options } = useAppSelector(selectStoreView);
  // Stable, so the filter panel's rows render again only when they change.
  const change = useCallback((patch: Partial<StoreQuery>, replace = false) => void dispatch(storeViewChanged({ patch, replace })), [dispatch]);
  const toggle = useCallback((filter: ListFilter, value: string) => void dispatch(storeFilterToggled({ filter, value })), [dispatch]);
  return <FilterPanel query={query} colors={colors} options={options} onChange={change} onToggle={toggle} idPrefix={idPrefix} />;
}
