import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { isPurchasable } from '../../src/domain/pricing';
import type { Product } from '../../src/domain/types';
import { baseUrl, DESKTOP, newPage, seeded, startWithSaved } from './browser';

/** Who a browser test's shopper is: their name, password and delivery address. */
export interface ShopperDetails {
  firstName: string;
  lastName: string;
  password: string;
  /** The e-mail is `<emailPrefix>.<time>@example.com`: a new account per run on a shared server. */
  emailPrefix: string;
  address: { street: string; city: string; state: string; zipcode: string; phone: string };
}

/** A shopper registered on the e2e server, with the API as them, paid orders and pages logged in as them. */
export interface Shopper {
  name: string;
  email: string;
  token: string;
  api<T>(method: string, url: string, body?: unknown): Promise<T>;
  /** A paid order for one line (the product's first colour), through the checkout API and the built-in hosted card page. */
  placePaidOrder(product: Product): Promise<string>;
  /** A page that starts logged in as this shopper (saved once: what the app saves later survives reloads). */
  page(viewport?: { width: number; height: number }): Promise<Page & { errors: string[] }>;
}

async function call<T>(token: string, method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = (await res.json()) as T;
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${JSON.stringify(data)}`);
  return data;
}

export async function registerShopper(details: ShopperDetails): Promise<Shopper> {
  const name = `${details.firstName} ${details.lastName}`;
  const email = `${details.emailPrefix}.${Date.now().toString(36)}@example.com`;
  const { token } = await call<{ token: string }>('', 'POST', '/api/user/register', { name, email, password: details.password });
  const api = <T>(method: string, url: string, body?: unknown) => call<T>(token, method, url, body);
  return {
    name,
    email,
    token,
    api,
    async placePaidOrder(product) {
      const items = [{ productId: product._id, color: `${product.colorVariants[0]!.color}|`, quantity: 1 }];
      const { quote } = await api<{ quote: { amount: number } }>('POST', '/api/order/quote', { items });
      const address = { firstName: details.firstName, lastName: details.lastName, email, ...details.address, country: 'United States' };
      const session = await api<{ orderId: string; sessionId: string }>('POST', '/api/order/stripe', { address, items, amount: quote.amount, isBuyNow: true });
      const form = new URLSearchParams({ name, number: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123' });
      const paid = await fetch(`${baseUrl()}/pay/${session.sessionId}`, { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' }, redirect: 'manual' });
      expect(paid.status).toBe(303);
      return session.orderId;
    },
    async page(viewport = DESKTOP) {
      const page = await newPage(viewport);
      await startWithSaved(page, { session: { token } }, { firstLoadOnly: true });
      return page;
    },
  };
}

/** Seeded products a one-line order can take without a size: purchasable, in colours, no clothing or canvas sizes. */
export async function simpleProducts(): Promise<Product[]> {
  const { products } = await call<{ products: Product[] }>('', 'GET', '/api/product/list');
  return seeded(products).filter((p) => isPurchasable(p) && p.colorVariants.length > 0 && p.clothingSizes.length === 0 && p.canvasSizes.length === 0);
}
