import { useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { useGetBundlesQuery } from '../../features/bundles/bundlesApi';
import { useGetProductsQuery } from '../../features/catalog/catalogApi';
import { PlaceOrderPage } from '../../features/checkout/PlaceOrderPage';
import { buyNowFrom } from '../../features/checkout/rules';

/**
 * /place-order (behind RequireAuth): the checkout screen. This page keeps the product and bundle
 * lists loaded (the screen reads them from the cache through selectors) and hands over the buy-now
 * item of the navigation state.
 */
export default function PlaceOrder() {
  const location = useLocation();
  const products = useGetProductsQuery();
  const bundles = useGetBundlesQuery();
  const buyNow = useMemo(() => buyNowFrom(location.state), [location.state]);
  return (
    <PlaceOrderPage
      buyNow={buyNow}
      onRetry={() => {
        if (products.isError) void products.refetch();
        if (bundles.isError) void bundles.refetch();
      }}
    />
  );
}
