import { createSelector } from '@reduxjs/toolkit';
import { resolveLines } from '../../domain/cartLines';
import { selectCatalogLookup, selectCatalogStatus } from '../catalog';
import type { RootState } from '../../store/types';
import { selectSavedItems } from './savedSlice';

/** Saved lines joined with the cached catalog (time is the screen's `useNow`); null until it is loaded. */
export const selectSavedLines = createSelector(
  [selectSavedItems, selectCatalogLookup, selectCatalogStatus, (_state: RootState, now: number) => now],
  (items, catalog, status, now) => (status.state === 'ready' ? resolveLines(items, catalog, now) : null),
);
