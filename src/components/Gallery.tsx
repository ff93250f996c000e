import Box from '@mui/material/Box';
import { useRef, type KeyboardEvent } from 'react';
import { assetUrl } from '../api/config';
import { brand } from './brand';
import { Picture } from './Picture';

export interface GalleryProps {
  images: readonly string[];
  /** Alt text of the large image; thumbnails are labelled "Show image n of m". */
  alt: string;
  selected: number;
  onSelect: (index: number) => void;
  /** Intrinsic size of the large image (the server's SVGs are square or 4:3). */
  width: number;
  height: number;
  label?: string;
}

/**
 * A large image and its thumbnails. The thumbnails are buttons (Tab reaches them, Enter/Space
 * picks) and the arrow keys, Home and End move between them; `aria-current` marks the one shown.
 */
export function Gallery({ images, alt, selected, onSelect, width, height, label = 'Product images' }: GalleryProps) {
  const list = images.length > 0 ? images : [''];
  const current = Math.min(Math.max(0, selected), list.length - 1);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);

  const move = (to: number) => {
    const i = (to + list.length) % list.length;
    onSelect(i);
    thumbs.current[i]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent, i: number) => {
    const keys: Record<string, number> = { ArrowRight: i + 1, ArrowDown: i + 1, ArrowLeft: i - 1, ArrowUp: i - 1, Home: 0, End: list.length - 1 };
    if (e.key in keys) {
      e.preventDefault();
      move(keys[e.key]);
    }
  };

  return (
    <Box component="section" aria-label={label} sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
      <Box
        sx={{
          position: 'relative',
          aspectRatio: `${width} / ${height}`,
          bgcolor: brand.sunSoft,
          borderRadius: '22px',
          overflow: 'hidden',
          border: 1,
          borderColor: 'divider',
        }}
      >
        <Box
          component={Picture}
          src={assetUrl(list[current])}
          sizes="(min-width: 900px) 560px, 100vw"
          alt={alt}
          width={width}
          height={height}
          fetchPriority="high"
          sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
        />
      </Box>
      {list.length > 1 && (
        <Box
          component="ul"
          aria-label="Choose an image"
          sx={{ listStyle: 'none', m: 0, p: '4px', display: 'flex', gap: 1, maxWidth: '100%', overflowX: 'auto', scrollbarWidth: 'thin', '& > li': { flex: { xs: '0 0 60px', sm: '0 0 76px' } } }}
        >
          {list.map((src, i) => (
            <li key={`${src}-${i}`}>
              <Box
                component="button"
                type="button"
                ref={(el: HTMLButtonElement | null) => {
                  thumbs.current[i] = el;
                }}
                aria-label={`Show image ${i + 1} of ${list.length}`}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => onSelect(i)}
                onKeyDown={(e: KeyboardEvent) => onKeyDown(e, i)}
                sx={{
                  display: 'block',
                  width: '100%',
                  p: 0,
                  aspectRatio: `${width} / ${height}`,
                  borderRadius: '12px',
                  overflow: 'hidden',
                  cursor: 'pointer',
                  bgcolor: brand.sunSoft,
                  border: '2px solid',
                  borderColor: i === current ? 'primary.main' : 'divider',
                  opacity: i === current ? 1 : 0.8,
                  transition: 'border-color 150ms ease, opacity 150ms ease',
                  '&:hover': { opacity: 1 },
                  '&:focus-visible': { outline: `3px solid ${brand.coralLight}`, outlineOffset: 2 },
                }}
              >
                <Box
                  component={Picture}
                  src={assetUrl(src)}
                  // The list's items are 60 px wide on a phone, 76 px from 600 px up, less the 2 px border each side.
                  sizes="(min-width: 600px) 72px, 56px"
                  alt=""
                  width={72}
                  height={Math.round((72 * height) / width)}
                  loading="lazy"
                  decoding="async"
                  sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
                />
              </Box>
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
