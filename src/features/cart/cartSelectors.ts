import { createSelector } from '@reduxjs/toolkit';
import { resolveLines } from '../../domain/cartLines';
import { selectCatalogLookup, selectCatalogStatus } from '../catalog';
import type { RootState } from '../../store/types';
import { selectCartItems } from './cartSlice';
import { cartSummary } from './rules';

/** Time is a parameter (the screen's `useNow`), so the rules stay pure: a bundle's dates decide its price. */
const nowArg = (_state: RootState, now: number) => now;

/** The cart's lines joined with the cached catalog; null until both lists are loaded (or when one failed). */
export const selectCartLines = createSelector([selectCartItems, selectCatalogLookup, selectCatalogStatus, nowArg], (items, catalog, status, now) =>
  status.state === 'ready' ? resolveLines(items, catalog, now) : null,
);

/** Totals, the free-delivery message and what is left out (rules.ts `cartSummary`); null while lines are. */
export const selectCartSummary = createSelector([selectCartLines], (lines) => (lines ? cartSummary(lines) : null));
