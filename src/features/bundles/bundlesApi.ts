import { createSelector } from '@reduxjs/toolkit';
import { baseApi } from '../../api/baseApi';
import { isBundleActive } from '../../domain/pricing';
import type { Bundle, BundleListResponse } from '../../domain/types';

/** The bundle list: every bundle, including cancelled and expired ones; filtering is the client's. */
export const bundlesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getBundles: build.query<Bundle[], void>({
      query: () => '/api/bundle/list',
      transformResponse: (r: BundleListResponse) => (Array.isArray(r.bundles) ? r.bundles : []),
      providesTags: (bundles = []) => [
        { type: 'Bundle' as const, id: 'LIST' },
        ...bundles.map((b) => ({ type: 'Bundle' as const, id: b._id })),
      ],
    }),
  }),
});

export const { useGetBundlesQuery } = bundlesApi;

const EMPTY: Bundle[] = [];

/** Bundles that are active at `now` (SPEC §4), in the server's order. */
export function activeBundles(bundles: readonly Bundle[], now: number): Bundle[] {
  return bundles.filter((b) => isBundleActive(b, now));
}

const selectBundlesResult = bundlesApi.endpoints.getBundles.select();

export const selectAllBundles = createSelector([selectBundlesResult], (r) => r.data ?? EMPTY);

/** `selectActiveBundles(state, now)`: time is a parameter so the rule stays pure and testable. */
export const selectActiveBundles = createSelector(
  [selectAllBundles, (_state: unknown, now: number) => now],
  (bundles, now) => activeBundles(bundles, now),
);
