import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe';
import { DESKTOP, newPage } from './browser';
import { makeFixtures, ROUTES, shopperPage, visit, type Fixtures, type SweepPage } from './routes';

/**
 * axe-core in the real browser over every route of SPEC §2 (issue 11): no serious or critical
 * violation. One shopper page and one guest page are reused for all routes.
 */
let fx: Fixtures;
let shopper: SweepPage;
let guest: SweepPage;

beforeAll(async () => {
  fx = await makeFixtures('a11y');
  shopper = await shopperPage(fx, DESKTOP);
  guest = await newPage(DESKTOP);
});

describe('accessibility (axe-core) on every route', () => {
  for (const route of ROUTES) {
    it(`${route.name}: no serious or critical violations`, async () => {
      const page = route.as === 'shopper' ? shopper : guest;
      await visit(page, route, fx);
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});
