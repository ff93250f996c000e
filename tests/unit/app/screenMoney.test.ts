// @vitest-environment node
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

/** The money-in-screens errors ESLint reports for `code` as if it were the file at `filePath`. */
async function moneyErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe('screens never compute money (eslint.config.js)', () => {
  it('refuses a screen that multiplies a price by a quantity', async () => {
    const errors = await moneyErrors(
      'type Item = { unitPrice?: number; price?: number; quantity: number };\nexport const Line = ({ item }: { item: Item }) => <b>{(item.unitPrice ?? item.price ?? 0) * item.quantity}</b>;\n',
      'src/features/staff/Fixture.tsx',
    );
    expect(errors).toEqual(['Screens never multiply prices: compute money in integer cents with a rule in src/domain (e.g. orderLineTotalCents) and format it.']);
  });

  it('refuses a screen that converts dollars and cents itself', async () => {
    const errors = await moneyErrors('export const Total = ({ amount }: { amount: number }) => <b>{Math.round(amount * 100) / 100}</b>;\n', 'src/features/checkout/Fixture.tsx');
    expect(errors).toContain('Screens never convert dollars and cents: use toCents/toDollars/formatCents from src/domain/money.ts.');
  });

  it('lets screens do layout arithmetic and leaves the domain rules alone', async () => {
    expect(await moneyErrors('export const Slide = ({ page }: { page: number }) => <div style={{ transform: `translateX(-${page * 100}%)` }} />;\n', 'src/features/bundles/Fixture.tsx')).toEqual([]);
    expect(await moneyErrors('export const total = (unitCents: number, quantity: number) => unitCents * quantity;\n', 'src/domain/fixture.ts')).toEqual([]);
  });

  // The lint stage checks every screen; this pins the ones that show order lines.
  it('holds for the screens that show order lines', async () => {
    const results = await eslint.lintFiles(['src/features/staff/OrderPage.tsx', 'src/features/checkout/OrderPlacedPage.tsx', 'src/features/orders/OrderCard.tsx']);
    expect(results).toHaveLength(3);
    expect(results.flatMap((r) => r.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => `${r.filePath}:${m.line} ${m.message}`))).toEqual([]);
  });
});
