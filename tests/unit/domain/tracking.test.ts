import { describe, expect, it } from 'vitest';
import { parseCarrier, trackingUrl } from '../../../src/domain/tracking';

describe('the carrier’s tracking page', () => {
  it('links a number to its carrier’s page, encoded', () => {
    expect(trackingUrl('USPS', '9400 1000')).toBe('https://tools.usps.com/go/TrackConfirmAction?tLabels=9400%201000');
    expect(trackingUrl('UPS', '1Z999')).toBe('https://www.ups.com/track?tracknum=1Z999');
    expect(trackingUrl('FedEx', '1234')).toBe('https://www.fedex.com/fedextrack/?trknbr=1234');
    expect(trackingUrl('dhl', 'JD01')).toBe('https://www.dhl.com/us-en/home/tracking/tracking-express.html?submit=1&tracking-id=JD01');
  });

  it('has no link for Other, no carrier or no number (the number shows as plain text)', () => {
    expect(trackingUrl('Other', 'ABC')).toBeNull();
    expect(trackingUrl(null, 'ABC')).toBeNull();
    expect(trackingUrl('UPS', '')).toBeNull();
    expect(parseCarrier('fedex')).toBe('FedEx');
    expect(parseCarrier('Pigeon')).toBeNull();
  });
});
