import AddShoppingCart from '@mui/icons-material/AddShoppingCart';
import Bolt from '@mui/icons-material/Bolt';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Suspense, useEffect, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { assetUrl } from '../../api/config';
import { Picture } from '../../components/Picture';
import { useValueAfterPaint } from '../../components/afterNextPaint';
import { brand } from '../../components/brand';
import { Gallery } from '../../components/Gallery';
import { TextInput } from '../../components/OutlinedField';
import { Price } from '../../components/Price';
import { formatMoney } from '../../domain/money';
import { unavailableReason } from '../../domain/pricing';
import { displayName } from '../../domain/taxonomy';
import type { Accessory, Product } from '../../domain/types';
import { navigationRequested } from '../../store/events';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { AddedToCartDialog } from './AddedToCartDialog';
import { ProductPageSkeleton } from './ProductPageSkeleton';
import { BADGE_COLORS } from './ProductCard';
import { useGetProductQuery } from './catalogApi';
import { productShipStatement, ShipStatement, useGetProductShipByQuery } from '../printing';
import { RelatedProducts, type CardAction } from './ProductGrid';
import {
  accessoryAddPressed,
  addedDialogClosed,
  addToCartPressed,
  buyNowPressed,
  colorPicked,
  imageChosen,
  quantityTyped,
  selectAddedLine,
  selectProductSelectionView,
  sizePicked,
} from './catalogSlice';
import { accessoryBadge, cardPrices, productBadge, type Badge } from './badges';
import { canAddAccessory, MESSAGES, offeredAccessories, productSizes } from './purchase';
import { BackInStock } from './BackInStock';
import { productColors } from './filters';
import { swatchBackground } from './swatches';

/** How long 'Product not found.' stays up before the shopper is sent to the store. */
export const NOT_FOUND_REDIRECT_MS = 1500;

function BadgeChip({ badge, vaulted = false }: { badge: Badge | null; vaulted?: boolean }) {
  if (!badge && !vaulted) return null;
  const colors = vaulted ? { bg: brand.ink, fg: '#FFFFFF' } : BADGE_COLORS[badge!.kind];
  return <Chip size="small" label={vaulted ? 'Vaulted' : badge!.label} sx={{ bgcolor: colors.bg, color: colors.fg }} />;
}

/** Add to cart and Buy now of a product that cannot be bought: greyed, the text still readable (4.9:1). */
const unavailableLook = {
  '&[aria-disabled="true"]': {
    bgcolor: '#EEE8E1',
    color: brand.inkSoft,
    borderColor: '#D9CFC4',
    boxShadow: 'none',
    cursor: 'not-allowed',
    '&:hover': { bgcolor: '#EEE8E1', borderColor: '#D9CFC4' },
  },
} as const;

function OptionButton({ selected, onClick, children, label }: { selected: boolean; onClick: () => void; children: ReactNode; label?: string }) {
  return (
    <Box
      component="button"
      type="button"
      aria-pressed={selected}
      aria-label={label}
      onClick={onClick}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1,
        minHeight: 44,
        minWidth: 44,
        px: 1.5,
        borderRadius: 999,
        border: '2px solid',
        borderColor: selected ? 'primary.main' : 'divider',
        bgcolor: selected ? 'rgba(196, 65, 29, 0.08)' : 'background.paper',
        color: 'text.primary',
        font: 'inherit',
        fontWeight: selected ? 800 : 600,
        justifyContent: 'center',
        cursor: 'pointer',
        transition: 'border-color 150ms ease',
        '&:hover': { borderColor: selected ? 'primary.main' : 'text.secondary' },
        '&:focus-visible': { outline: `3px solid ${brand.coralLight}`, outlineOffset: 2 },
      }}
    >
      {children}
    </Box>
  );
}

function AccessoryCard({ accessory, buyable, onAdd }: { accessory: Accessory; buyable: boolean; onAdd: () => void }) {
  const badge = accessoryBadge(accessory);
  const buttonLabel = accessory.outOfStock ? 'Out of stock' : accessory.comingSoon ? 'Coming soon' : accessory.preOrder ? 'Pre-order' : 'Add';
  return (
    <Card component="article" sx={{ display: 'flex', gap: 2, p: 1.5, alignItems: 'center', height: '100%' }}>
      <Box
        component={Picture}
        src={assetUrl(accessory.images?.[0])}
        sizes="96px"
        alt=""
        width={96}
        height={96}
        loading="lazy"
        sx={{ width: 96, height: 96, borderRadius: '12px', objectFit: 'cover', bgcolor: brand.sunSoft, flexShrink: 0 }}
      />
      <Box sx={{ minWidth: 0, flexGrow: 1, display: 'grid', gap: 0.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography component="h3" sx={{ fontWeight: 800, lineHeight: 1.25 }}>
            {accessory.name}
          </Typography>
          <BadgeChip badge={badge} />
        </Box>
        {accessory.description && (
          <Typography variant="body2" color="text.secondary">
            {accessory.description}
          </Typography>
        )}
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 800 }}>{formatMoney(accessory.price)}</Typography>
          <Button
            size="small"
            variant={buyable ? 'outlined' : 'text'}
            disabled={!buyable}
            onClick={onAdd}
            aria-label={buyable ? `Add ${accessory.name} to cart` : undefined}
            startIcon={buyable ? <AddShoppingCart fontSize="small" /> : undefined}
          >
            {buyable ? buttonLabel : accessory.outOfStock ? 'Out of stock' : accessory.comingSoon ? 'Coming soon' : 'Unavailable'}
          </Button>
        </Box>
      </Box>
    </Card>
  );
}

function ProductDetails({ product, renderAction, renderCardAction, renderReviews }: { product: Product; renderAction?: CardAction; renderCardAction?: CardAction; renderReviews?: CardAction }) {
  const dispatch = useAppDispatch();
  const productId = product._id;
  const { color, size, quantityText, problem, severity, images, imageIndex, soldOutVariant } = useAppSelector((s) => selectProductSelectionView(s, product));
  const colors = productColors(product);
  const sizes = productSizes(product);
  const badge = productBadge(product);
  const { price, sale } = cardPrices(product);
  const vaulted = product.vaulted === true;
  const accessories = offeredAccessories(product);
  const unavailable = unavailableReason(product);
  const { data: shipBy } = useGetProductShipByQuery(productId);
  const shipStatement = productShipStatement(shipBy, { color, size, hasColors: colors.length > 0, hasSizes: sizes.length > 0 });

  return (
    <>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1.05fr) minmax(0, 1fr)' },
          gap: { xs: 3, md: 6 },
          alignItems: 'start',
        }}
      >
        <Box sx={{ position: { md: 'sticky' }, top: { md: 96 }, ...(vaulted ? { filter: 'grayscale(1)', opacity: 0.75 } : {}) }}>
          <Gallery
            images={images}
            alt={color ? `${product.name} in ${color}` : product.name}
            selected={imageIndex}
            onSelect={(index) => dispatch(imageChosen({ productId, index }))}
            width={480}
            height={480}
          />
        </Box>

        <Box sx={{ display: 'grid', gap: 2.5, minWidth: 0 }}>
          <Box sx={{ display: 'grid', gap: 1 }}>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <BadgeChip badge={badge} vaulted={vaulted} />
              {product.limitedEdition && badge?.kind !== 'limited' && <Chip size="small" variant="outlined" label="Limited Edition" />}
              <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 700, letterSpacing: '0.06em', textTransform: 'uppercase' }}>
                {[product.mainCategory, product.subCategory, product.subSubCategory].filter(Boolean).map((c) => displayName(String(c))).join(' · ')}
              </Typography>
            </Box>
            <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2 }}>
              <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '1.9rem', md: '2.5rem' }, overflowWrap: 'anywhere' }}>
                {product.name}
              </Typography>
              {renderAction && !vaulted && <Box sx={{ flexShrink: 0, pt: 0.5 }}>{renderAction(product)}</Box>}
            </Box>
            <Price price={price} sale={sale} size="lg" />
            {!unavailable && !vaulted && <ShipStatement id="ship-statement" text={shipStatement} />}
            {unavailable && (
              <Typography id="availability-note" sx={{ fontWeight: 800, color: 'text.secondary' }}>
                {unavailable}
              </Typography>
            )}
          </Box>

          <Typography color="text.secondary" sx={{ fontSize: '1.05rem', lineHeight: 1.65 }}>
            {product.description}
          </Typography>

          {colors.length > 0 && (
            <Box role="group" aria-labelledby="color-label">
              <Typography id="color-label" sx={{ fontWeight: 800, mb: 1 }}>
                Color{color ? `: ${color}` : ''}
              </Typography>
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                {colors.map((c) => (
                  <OptionButton key={c} selected={color === c} onClick={() => dispatch(colorPicked({ productId, color: c }))}>
                    <Box component="span" aria-hidden sx={{ width: 22, height: 22, borderRadius: '50%', background: swatchBackground(c), border: '1px solid rgba(43,34,51,0.25)' }} />
                    {c}
                  </OptionButton>
                ))}
              </Box>
            </Box>
          )}

          {sizes.length > 0 && (
            <Box role="group" aria-labelledby="size-label">
              <Typography id="size-label" sx={{ fontWeight: 800, mb: 1 }}>
                Size{size ? `: ${size}` : ''}
              </Typography>
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                {sizes.map((s) => (
                  <OptionButton key={s} selected={size === s} onClick={() => dispatch(sizePicked({ productId, size: s }))}>
                    {s}
                  </OptionButton>
                ))}
              </Box>
            </Box>
          )}

          <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'stretch' }}>
            <TextInput
              label="Quantity"
              type="number"
              value={quantityText}
              onChange={(e) => dispatch(quantityTyped({ productId, text: e.target.value }))}
              inputProps={{ min: 1, max: 99, step: 1, inputMode: 'numeric' }}
              sx={{ width: 110, bgcolor: 'background.paper' }}
            />
            {/* Unavailable: drawn as such, yet focusable and clickable, so the refusal (SPEC §5) can still be read. */}
            <Button
              variant="contained"
              size="large"
              startIcon={<AddShoppingCart />}
              onClick={() => dispatch(addToCartPressed({ productId }))}
              aria-disabled={unavailable || soldOutVariant ? true : undefined}
              aria-describedby={unavailable ? 'availability-note' : soldOutVariant ? 'option-availability' : undefined}
              sx={{ flex: '1 1 170px', ...unavailableLook }}
            >
              Add to cart
            </Button>
            <Button
              variant="outlined"
              size="large"
              startIcon={<Bolt />}
              onClick={() => dispatch(buyNowPressed({ productId }))}
              aria-disabled={unavailable || soldOutVariant ? true : undefined}
              aria-describedby={unavailable ? 'availability-note' : soldOutVariant ? 'option-availability' : undefined}
              sx={{ flex: '1 1 140px', ...unavailableLook }}
            >
              Buy now
            </Button>
          </Box>

          {soldOutVariant && <BackInStock productId={product._id} variant={soldOutVariant} message={MESSAGES.optionOutOfStock} />}

          {problem && severity && problem !== (soldOutVariant ? MESSAGES.optionOutOfStock : null) && (
            <Alert severity={severity} role="alert">
              {problem}
            </Alert>
          )}
        </Box>
      </Box>

      {accessories.length > 0 && (
        <Box component="section" aria-labelledby="accessories-title" sx={{ mt: { xs: 6, md: 9 } }}>
          <Typography id="accessories-title" variant="h4" component="h2" sx={{ mb: 0.5, fontSize: { xs: '1.6rem', md: '2rem' } }}>
            Accessories
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2.5 }}>
            Extras made for the {product.name}, added to your cart on their own.
          </Typography>
          <Box component="ul" aria-label="Accessories" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
            {accessories.map(({ accessory, index }) => (
              <li key={index}>
                <AccessoryCard accessory={accessory} buyable={canAddAccessory(product, accessory)} onAdd={() => dispatch(accessoryAddPressed({ productId, index }))} />
              </li>
            ))}
          </Box>
        </Box>
      )}

      {/* Below the fold: each Suspense boundary hydrates in a pass of its own after the part above
          (none of them suspends), so no single task brings the whole page to life. */}
      <Suspense fallback={null}>{renderReviews?.(product)}</Suspense>

      <Suspense fallback={null}>
        {/* Drawn only when it nears the screen (content-visibility), its pictures fetched then too. */}
        <Box sx={{ mt: { xs: 6, md: 9 }, contentVisibility: 'auto', containIntrinsicSize: 'auto 760px' }}>
          <RelatedProducts product={product} renderCardAction={renderCardAction} />
        </Box>
      </Suspense>

      <AddedToCartNotice productId={productId} />
    </>
  );
}

/**
 * The "Added to cart" dialog of the page. It opens once the frame that shows the header's new
 * cart count is painted, so the count answers the tap at once on a slow phone and the dialog's
 * mounting, focus trap and transition follow.
 */
function AddedToCartNotice({ productId }: { productId: string }) {
  const dispatch = useAppDispatch();
  const line = useValueAfterPaint(useAppSelector((s) => selectAddedLine(s, productId)));
  return <AddedToCartDialog line={line} onClose={() => dispatch(addedDialogClosed({ productId }))} />;
}

function NotFound() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const t = setTimeout(() => dispatch(navigationRequested('/collection', { replace: true })), NOT_FOUND_REDIRECT_MS);
    return () => clearTimeout(t);
  }, [dispatch]);
  return (
    <Box sx={{ textAlign: 'center', py: { xs: 8, md: 12 } }}>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        Product not found.
      </Typography>
      <Typography color="text.secondary">Taking you back to the store…</Typography>
    </Box>
  );
}

/**
 * The product page (SPEC §2, §5): gallery, colours, sizes, quantity, add to cart and buy now,
 * accessories, related products and the added-to-cart dialog. `renderAction` places a control
 * (the wishlist heart) next to the title; `renderCardAction` does the same on related cards;
 * `renderReviews` places the reviews section above the related products.
 */
export function ProductPage({ productId, renderAction, renderCardAction, renderReviews }: { productId: string; renderAction?: CardAction; renderCardAction?: CardAction; renderReviews?: CardAction }) {
  const { data: product, isLoading, isFetching, isError } = useGetProductQuery(productId, { skip: !productId });

  let body: ReactNode;
  if (isLoading || (isFetching && !product)) {
    body = <ProductPageSkeleton />;
  } else if (isError || !product) {
    body = <NotFound />;
  } else {
    body = (
      <>
        <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: { xs: 2, md: 3 }, '& ol': { flexWrap: 'wrap' } }}>
          <Link component={RouterLink} to="/collection" color="inherit">
            Store
          </Link>
          <Link component={RouterLink} to={`/collection?category=${encodeURIComponent(String(product.mainCategory))}`} color="inherit">
            {displayName(String(product.mainCategory))}
          </Link>
          <Typography color="text.primary" aria-current="page" sx={{ maxWidth: { xs: 200, sm: 'none' }, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {product.name}
          </Typography>
        </Breadcrumbs>
        {product.notAvailableYet && (
          // Only staff are answered such a product (a preview from the console).
          <Alert severity="warning" sx={{ mb: 2 }}>
            Staff preview: this product is hidden from the shop.
          </Alert>
        )}
        <ProductDetails product={product} renderAction={renderAction} renderCardAction={renderCardAction} renderReviews={renderReviews} />
      </>
    );
  }

  return (
    <Container maxWidth="xl" sx={{ pt: { xs: 2.5, md: 4 } }}>
      {body}
    </Container>
  );
}
