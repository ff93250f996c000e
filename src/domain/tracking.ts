/** Carriers staff pick with a tracking number; 'Other' shows the number as plain text. */
export const CARRIERS = ['USPS', 'UPS', 'FedEx', 'DHL', 'Other'] as const;
export type Carrier = (typeof CARRIERS)[number];

const TRACKING_PAGES: Record<Exclude<Carrier, 'Other'>, string> = {
  USPS: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=',
  UPS: 'https://www.ups.com/track?tracknum=',
  FedEx: 'https://www.fedex.com/fedextrack/?trknbr=',
  DHL: 'https://www.dhl.com/us-en/home/tracking/tracking-express.html?submit=1&tracking-id=',
};

/** The carrier named by `value` whatever its case ('fedex' → 'FedEx'); null when it is none of them. */
export function parseCarrier(value: string): Carrier | null {
  const v = value.trim().toLowerCase();
  return CARRIERS.find((c) => c.toLowerCase() === v) ?? null;
}

/**
 * The carrier's tracking page for a number, or null when there is none to link to (no number,
 * no carrier, or 'Other'): the number is then shown as plain text.
 */
export function trackingUrl(carrier: string | null | undefined, trackingNumber: string | null | undefined): string | null {
  const number = trackingNumber?.trim();
  if (!number || !carrier) return null;
  const c = parseCarrier(carrier);
  if (!c || c === 'Other') return null;
  return TRACKING_PAGES[c] + encodeURIComponent(number);
}
