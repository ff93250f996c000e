import { VerifyPage } from '../../features/checkout/VerifyPage';

/** /verify: the card-payment return (SPEC §2). */
export default function Verify() {
  return <VerifyPage />;
}
