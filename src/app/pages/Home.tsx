import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { BundleCarousel } from '../../features/bundles/BundleCarousel';
import { BestSellers } from '../../features/catalog/BestSellers';
import { WishlistButton } from '../../features/wishlist/WishlistButton';
import { Hero } from './home/Hero';
import { PolicyBlurbs } from './home/PolicyBlurbs';

/** Home (SPEC §2): hero, active bundles, best sellers, policy blurbs. Composition only. */
export default function Home() {
  return (
    <>
      <Hero />
      <Container maxWidth="xl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: { xs: 7, md: 10 }, pt: { xs: 6, md: 9 } }}>
        <BundleCarousel />
        <BestSellers renderCardAction={(p) => <WishlistButton productId={p._id} productName={p.name} />} />
        <Box>
          <PolicyBlurbs />
        </Box>
      </Container>
    </>
  );
}
