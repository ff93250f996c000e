import type { CatalogFile, ProductRecord } from './catalogImport';
import { deriveId } from './catalogImport';
import { imageUrl, kindFor } from '../images/urls';
import { own } from '../../src/domain/lookup';

/**
 * The demo catalog written on the first start of an empty database and by `npm run seed`:
 * every taxonomy branch, every flag, variants, sizes, accessories, bundles in every state.
 * Ids are derived from names (stable across runs); dates are relative to `now`.
 */
type Opts = Partial<
  Pick<
    ProductRecord,
    | 'discount'
    | 'outOfStock'
    | 'comingSoon'
    | 'preOrder'
    | 'isNewProduct'
    | 'limitedEdition'
    | 'vaulted'
    | 'notAvailableYet'
    | 'bestseller'
    | 'clothingSizes'
    | 'canvasSizes'
  >
> & { accessories?: 'armory' | 'stand' | 'deluxe' };

type Row = [main: string, sub: string, subSub: string | null, name: string, price: number, colors: string[], blurb: string, opts?: Opts];

const ROWS: Row[] = [
  // Figures — every brand × Male / Female / Accessories
  ['Figures', 'DC', 'Male', 'Gotham Nightwatch Articulated Figure', 49.99, ['Black', 'Navy', 'Silver'], 'A brooding rooftop guardian with a sculpted cape and 14 points of articulation.', { bestseller: true, accessories: 'armory' }],
  ['Figures', 'DC', 'Female', 'Amazon Warrior Princess Statue', 54.99, ['Gold', 'Crimson'], 'A battle-ready heroine mid-stride, shield raised, on a marbled plinth.', { limitedEdition: true, discount: 15 }],
  ['Figures', 'DC', 'Accessories', 'Utility Belt & Grapple Kit', 14.99, ['Gold', 'Black'], 'Swap-in belt, grapple launcher and folded cape for 6-inch figures.'],
  ['Figures', 'MARVEL', 'Male', 'Iron Sentinel Armored Figure', 64.99, ['Red', 'Gold'], 'Layered armour plates printed separately and hand-assembled for a real metallic look.', { bestseller: true, discount: 25, accessories: 'deluxe' }],
  ['Figures', 'MARVEL', 'Female', 'Scarlet Hex Sorceress Figure', 52.99, ['Crimson', 'Violet'], 'Flowing robes and swirling hex energy captured in translucent resin-like PLA.', { isNewProduct: true }],
  ['Figures', 'MARVEL', 'Accessories', 'Infinity Gauntlet Display Stand', 19.99, ['Gold'], 'A display hand with six socketed gems that holds any 6–7 inch figure.', { preOrder: true }],
  ['Figures', 'MARVEL', 'Male', 'Web Slinger Wall-Crawl Figure', 44.99, ['Red', 'Black'], 'Clings to the included brick-wall base in a dynamic crouch.', { outOfStock: true }],
  ['Figures', 'STARWARS', 'Male', 'Nebula Knight Articulated Figure', 59.99, ['Navy', 'Silver', 'Black'], 'A wandering star knight with a hooded cloak and a swappable energy blade.', { bestseller: true, accessories: 'armory', clothingSizes: ['S', 'M', 'L', 'XL'] }],
  ['Figures', 'STARWARS', 'Female', 'Rebel Pilot Commander Figure', 47.99, ['Orange', 'White'], 'Flight suit, helmet under the arm and a hangar-deck base with panel lines.', { comingSoon: true }],
  ['Figures', 'STARWARS', 'Accessories', 'Droid Companion Mini Pack', 17.99, ['White', 'Blue'], 'Three pocket-sized droids to keep your pilots company.', { isNewProduct: true }],
  ['Figures', 'INVINCIBLE', 'Male', 'Invincible Hero Flight Pose Figure', 42.99, ['Yellow', 'Blue'], 'Mid-flight on a clear stem, fists forward, suit lines crisp.', { bestseller: true, discount: 15 }],
  ['Figures', 'INVINCIBLE', 'Female', 'Atom Eve Energy Burst Figure', 45.99, ['Pink', 'Violet'], 'Translucent pink energy swirls around a confident, grounded stance.', { limitedEdition: true }],
  ['Figures', 'INVINCIBLE', 'Accessories', 'Viltrumite Cape & Stand Set', 12.99, ['Crimson'], 'A poseable printed cape and a cratered impact stand.', { vaulted: true }],
  ['Figures', 'BEN10', 'Male', 'Omni-Hero Transformation Figure', 39.99, ['Green', 'Black'], 'Mid-transformation with a glowing wrist device and swappable alien head.', { isNewProduct: true, accessories: 'stand' }],
  ['Figures', 'BEN10', 'Female', 'Anodite Spellcaster Figure', 41.99, ['Pink', 'Glow'], 'Glow-in-the-dark mana ribbons printed in a single continuous piece.', { preOrder: true }],
  ['Figures', 'BEN10', 'Accessories', 'Omni-Watch Replica Dial', 24.99, ['Green', 'Black'], 'A clicking, rotating wrist dial replica in two-tone print.', { clothingSizes: ['S', 'M', 'L', 'XL'] }],
  ['Figures', 'ANIME', 'Male', 'Ronin Blade Master Figure', 57.99, ['Black', 'Crimson'], 'A wandering swordsman in a wind-swept haori, katana half drawn.', { bestseller: true, discount: 40 }],
  ['Figures', 'ANIME', 'Female', 'Sakura Mecha Pilot Figure', 62.99, ['Pink', 'White'], 'A pilot in plug suit beside a cherry-blossom mecha helmet.', { limitedEdition: true, isNewProduct: true, accessories: 'deluxe' }],
  ['Figures', 'ANIME', 'Accessories', 'Spirit Sword Collection Rack', 21.99, ['Wood', 'Black'], 'A three-tier rack with three printed blades for your anime shelf.'],
  ['Figures', 'INDEPENDENT', 'Male', 'Clockwork Wanderer Figure', 36.99, ['Bronze', 'Brown'], 'An original steampunk traveler with gear-driven backpack.', { notAvailableYet: true }],
  ['Figures', 'INDEPENDENT', 'Female', 'Moonlit Ranger Figure', 38.99, ['Teal', 'Silver'], 'Our own archer of the northern woods, bow drawn under a crescent moon.', { bestseller: true }],
  ['Figures', 'INDEPENDENT', 'Accessories', 'Adventurer Weapon Pack', 9.99, ['Silver', 'Bronze'], 'Bows, axes and shields sized for 6-inch figures.', { outOfStock: true }],
  ['Figures', 'DC', 'Male', 'Speedster Lightning Dash Figure', 46.99, ['Red', 'Yellow'], 'Frozen mid-sprint with printed lightning trails.', { vaulted: true, bestseller: true }],
  ['Figures', 'ANIME', 'Male', 'Pirate Captain Straw Hat Figure', 43.99, ['Red', 'Yellow'], 'A grinning captain on a barrel base, ready to set sail.', { comingSoon: true }],
  // Fidgets
  ['Fidgets', 'Fidget_Spinners', null, 'Tri-Blade Whisper Spinner', 12.99, ['Blue', 'Galaxy', 'Orange'], 'A balanced three-lobe spinner with a steel bearing that spins for minutes.', { bestseller: true }],
  ['Fidgets', 'Fidget_Spinners', null, 'Hex Orbit Spinner', 14.99, ['Purple', 'Lime'], 'Six weighted lobes for a hypnotic, whisper-quiet spin.', { discount: 15 }],
  ['Fidgets', 'Stress_Balls', null, 'Honeycomb Squish Ball', 8.99, ['Yellow', 'Pink'], 'A flexible TPU lattice ball that pops back into shape.', { isNewProduct: true }],
  ['Fidgets', 'Stress_Balls', null, 'Geo Dimple Stress Orb', 7.99, ['Teal', 'Orange'], 'Soft-touch dimples for restless fingers during long calls.'],
  ['Fidgets', 'Puzzle_Toys', null, 'Infinity Flip Puzzle Cube', 16.99, ['Rainbow', 'Blue'], 'A print-in-place folding cube that flips endlessly inside out.', { bestseller: true, discount: 25 }],
  ['Fidgets', 'Puzzle_Toys', null, 'Labyrinth Maze Sphere', 18.99, ['Galaxy', 'Green'], 'Guide the ball bearing through a 3D maze hidden inside a sphere.', { preOrder: true }],
  ['Fidgets', 'Sensory_Toys', null, 'Flexi Caterpillar Buddy', 9.99, ['Lime', 'Purple', 'Orange'], 'An articulated, print-in-place caterpillar that wiggles and clicks.', { isNewProduct: true }],
  ['Fidgets', 'Sensory_Toys', null, 'Chainmail Sensory Scarf', 22.99, ['Silver', 'Teal'], 'Cool, clinking printed chainmail that drapes like fabric.', { clothingSizes: ['S', 'M', 'L', 'XL'] }],
  ['Fidgets', 'Magnetic_Toys', null, 'Magnetic Slider Block', 11.99, ['Black', 'Red'], 'Embedded magnets snap the halves together with a satisfying click.'],
  ['Fidgets', 'Magnetic_Toys', null, 'Magnetic Gear Fidget Cube', 19.99, ['Silver', 'Blue'], 'Meshing gears on every face, held by hidden magnets.', { limitedEdition: true }],
  // Decoration
  ['Decoration', 'Seasonal', null, 'Snowflake Star Ornament Set', 13.99, ['White', 'Silver', 'Gold'], 'Six lace-fine snowflake stars for the tree or the window.', { isNewProduct: true }],
  ['Decoration', 'Seasonal', null, 'Harvest Lantern Star', 17.99, ['Orange', 'Gold'], 'A faceted autumn star lantern that glows with a tea light.', { comingSoon: true }],
  ['Decoration', 'Religious', null, 'Eight-Point Peace Star', 19.99, ['Gold', 'White'], 'A serene layered star for a shelf, altar or holiday table.'],
  ['Decoration', 'Religious', null, 'Celestial Guiding Star', 24.99, ['Navy', 'Gold'], 'A hanging star with a hand-finished gold rim.', { limitedEdition: true }],
  ['Decoration', 'Home_Decor', null, 'Spiral Wave Vase', 29.99, ['Teal', 'Marble', 'Pink'], 'A twisting vase whose layer lines catch the light like ripples.', { bestseller: true, discount: 15 }],
  ['Decoration', 'Home_Decor', null, 'Ribbed Bud Vase Trio', 24.99, ['White', 'Green'], 'Three small ribbed vases for dried stems; watertight liner included.'],
  ['Decoration', 'Office_Decor', null, 'Geometric Desk Planter', 21.99, ['Gray', 'Lime'], 'Low-poly planter with drainage tray for succulents.', { discount: 25 }],
  ['Decoration', 'Office_Decor', null, 'Zen Pen Vase', 15.99, ['Black', 'Wood'], 'A weighted vase-shaped pen cup that keeps the desk calm.', { outOfStock: true }],
  ['Decoration', 'Wall_Art', null, 'Mountain Relief Wall Art', 39.99, ['Blue', 'Green', 'Orange'], 'Layered topographic mountains in a printed frame.', { canvasSizes: ['8x10', '12x16', '18x24'], isNewProduct: true }],
  ['Decoration', 'Wall_Art', null, 'Desert Dunes Layered Frame', 34.99, ['Orange', 'Pink'], 'Sunset dunes in five stacked relief layers.', { canvasSizes: ['8x10', '12x16', '18x24'], discount: 40 }],
  ['Decoration', 'Wall_Art', null, 'Ocean Tide Relief Panel', 44.99, ['Teal', 'Navy'], 'Rolling waves frozen in relief, ready to hang.', { canvasSizes: ['8x10', '12x16', '18x24'], notAvailableYet: true }],
  // Widgets
  ['Widgets', 'Home_Gadgets', null, 'Smart Spice Dial Organizer', 27.99, ['White', 'Red'], 'A rotating dial that dispenses spices by the teaspoon.', { bestseller: true }],
  ['Widgets', 'Home_Gadgets', null, 'Cable Tamer Dock', 12.99, ['Black', 'White'], 'Keeps five charging cables within reach and off the floor.'],
  ['Widgets', 'Office_Gadgets', null, 'Modular Headphone Stand', 24.99, ['Black', 'Orange'], 'A weighted stand with a hidden cable channel.', { discount: 15 }],
  ['Widgets', 'Office_Gadgets', null, 'Pomodoro Flip Timer', 18.99, ['Red', 'Teal'], 'Flip for 25 minutes of focus; a click tells you when to stop.', { isNewProduct: true }],
  ['Widgets', 'DIY_Kits', null, 'Build-Your-Own Robot Kit', 34.99, ['Yellow', 'Blue'], 'Snap-fit parts, a micro servo and a guide for young makers.', { preOrder: true }],
  ['Widgets', 'DIY_Kits', null, 'Mini Desk Catapult Kit', 16.99, ['Wood', 'Red'], 'A working trebuchet that flings paper balls across the office.'],
  ['Widgets', 'Smart_Gadgets', null, 'Ambient Weather Station Shell', 42.99, ['White', 'Navy'], 'A printed enclosure with e-ink window for your own sensor board.', { comingSoon: true }],
  ['Widgets', 'Smart_Gadgets', null, 'Smart Plant Monitor Pod', 29.99, ['Green', 'White'], 'Clips onto a pot and reminds you when the soil gets dry.', { limitedEdition: true }],
  ['Widgets', 'Smart_Gadgets', null, 'Retro Pocket Console Case', 32.99, ['Gray', 'Purple'], 'A clicky retro shell for a microcontroller handheld build.', { vaulted: true }],
];

const KIND_COPY: Record<string, string> = {
  figure: 'Printed in fine 0.08 mm layers, primed and hand-painted in our studio.',
  accessory: 'Sized to fit most 6–7 inch figures; printed in durable PETG.',
  spinner: 'Printed in tough PETG and balanced by hand before it ships.',
  ball: 'Printed in soft, washable TPU.',
  cube: 'Printed in one piece — no assembly, no loose parts.',
  flexi: 'Print-in-place joints, no assembly required.',
  vase: 'Printed in plant-based PLA with a spiral single-wall finish.',
  ornament: 'Lightweight PLA with a loop for ribbon or hook.',
  frame: 'Printed in relief and framed, with a keyhole hanger on the back.',
  gadget: 'Designed and printed in our workshop in matte PLA+.',
};

function accessoriesFor(style: Opts['accessories'], colors: string[]): NonNullable<ProductRecord['accessories']> {
  const c = colors[0];
  const img = (n: string) => [imageUrl(deriveId('product', `acc:${n}:${c}`), 'accessory', c)];
  switch (style) {
    case 'armory':
      return [
        { name: 'Weapon Pack', price: 7.99, images: img('Weapon Pack'), description: 'Two blades and a shield sized for this figure.', isNew: true },
        { name: 'Display Base with Nameplate', price: 9.99, images: img('Display Base'), description: 'A weighted round base with a blank nameplate.' },
        { name: 'Battle-Damaged Head', price: 5.99, images: img('Battle Head'), description: 'An alternate sculpted head.', outOfStock: true },
      ];
    case 'stand':
      return [{ name: 'Flight Stand', price: 4.99, images: img('Flight Stand'), description: 'A clear-look stem and round base for flying poses.' }];
    case 'deluxe':
      return [
        { name: 'Alternate Hands Set', price: 6.49, images: img('Hands'), description: 'Six swappable hands: fists, open palms and gripping.', limitedEdition: true },
        { name: 'Diorama Backdrop', price: 14.99, images: img('Backdrop'), description: 'A curved printed backdrop for shelf scenes.', preOrder: true },
        { name: 'Glow Energy Effects', price: 8.99, images: img('Glow'), description: 'Glow-in-the-dark effect parts.', comingSoon: true },
        { name: 'Collector Crate', price: 19.99, images: img('Crate'), description: 'A printed storage crate.', notAvailableYet: true },
      ];
    default:
      return [];
  }
}

const DAY = 86_400_000;

/** Print minutes and material per unit, by kind of product (what the shop's printers actually run). */
const PRINT_BY_KIND: Record<string, { minutes: number; material: string }> = {
  figure: { minutes: 360, material: 'PLA' },
  accessory: { minutes: 90, material: 'PETG' },
  spinner: { minutes: 75, material: 'PETG' },
  ball: { minutes: 60, material: 'TPU' },
  cube: { minutes: 120, material: 'PLA' },
  flexi: { minutes: 150, material: 'PLA' },
  vase: { minutes: 240, material: 'PLA' },
  ornament: { minutes: 45, material: 'PLA' },
  frame: { minutes: 300, material: 'PLA' },
  gadget: { minutes: 180, material: 'PLA' },
};

/**
 * A realistic mix: most options made to order; every fifth product keeps a few on the shelf as
 * well; every seventh is sold from the shelf only, its last colour sold out. Products flagged out of
 * stock get no stock fields (stocked only, nothing on hand, as an import without them).
 */
function demoStock(i: number, kind: string, colors: string[], flags: Opts): ProductRecord['stock'] {
  if (flags.outOfStock) return undefined;
  const sizes = [...(flags.clothingSizes ?? []), ...(flags.canvasSizes ?? [])];
  const options = (colors.length ? colors : ['']).flatMap((c) => (sizes.length ? sizes : ['']).map((z) => `${c}|${z}`));
  const print = own(PRINT_BY_KIND, kind) ?? { minutes: 120, material: 'PLA' };
  return options.map((option, j) => {
    if (i % 7 === 3) return { option, onHand: j === options.length - 1 ? 0 : 2 + ((i + j) % 4), madeToOrder: false, printMinutes: print.minutes, material: print.material };
    const onHand = i % 5 === 0 ? 3 + ((i + j) % 6) : 0;
    return { option, onHand, madeToOrder: true, printMinutes: print.minutes + ((i * 15) % 60), material: print.material };
  });
}

export function demoCatalog(now = Date.now()): Required<CatalogFile> {
  const products: ProductRecord[] = ROWS.map(([main, sub, subSub, name, price, colors, blurb, opts = {}], i) => {
    const id = deriveId('product', `demo:${name}`);
    const kind = kindFor(main, sub, subSub);
    const { accessories, ...flags } = opts;
    // Spread over the last ~5 months, newest first in table order for a few new items.
    const ageDays = flags.isNewProduct ? 2 + i % 9 : 12 + ((i * 37) % 140);
    return {
      _id: id,
      name,
      description: `${blurb} ${own(KIND_COPY, kind) ?? ''}`.trim(),
      price,
      image: [imageUrl(id, kind, colors[0]), imageUrl(`${id}-2`, kind, colors[1] ?? colors[0]), imageUrl(`${id}-3`, kind, colors[0])],
      mainCategory: main,
      subCategory: sub,
      ...(subSub ? { subSubCategory: subSub } : {}),
      colorVariants: colors.map((color) => ({ color, image: imageUrl(id, kind, color) })),
      accessories: accessoriesFor(accessories, colors),
      ...flags,
      date: now - ageDays * DAY - i * 3_600_000,
      stock: demoStock(i, kind, colors, flags),
    };
  });
  const pid = (name: string) => deriveId('product', `demo:${name}`);
  const firstImage = (name: string) => products.find((p) => p.name === name)?.image?.[0];
  const b = (title: string, description: string, price: number, color: string, startDays: number, endDays: number, items: string[], cancelled = false) => {
    const id = deriveId('bundle', `demo:${title}`);
    return {
      _id: id,
      title,
      description,
      price,
      images: [imageUrl(id, 'bundle', color), ...items.map(firstImage).filter((u): u is string => !!u)],
      startDate: new Date(now + startDays * DAY).toISOString(),
      endDate: new Date(now + endDays * DAY).toISOString(),
      cancelled,
      products: items.map(pid),
    };
  };
  const bundles = [
    b('Galactic Heroes Trio', 'Three star-spanning heroes at a bundle price: the Nebula Knight, the Iron Sentinel and the Moonlit Ranger.', 139.99, 'Navy', -6, 75, ['Nebula Knight Articulated Figure', 'Iron Sentinel Armored Figure', 'Moonlit Ranger Figure']),
    b('Fidget Starter Pack', 'Everything a restless desk needs: a spinner, a flip cube and a squish ball.', 29.99, 'Orange', -3, 60, ['Tri-Blade Whisper Spinner', 'Infinity Flip Puzzle Cube', 'Honeycomb Squish Ball']),
    b('Cozy Home Decor Set', 'A spiral vase, a bud vase trio and a mountain relief for a calmer home.', 79.99, 'Teal', -10, 90, ['Spiral Wave Vase', 'Ribbed Bud Vase Trio', 'Mountain Relief Wall Art']),
    b('Maker Desk Essentials', 'Headphone stand, flip timer and cable dock: a tidy, focused desk.', 49.99, 'Red', -1, 45, ['Modular Headphone Stand', 'Pomodoro Flip Timer', 'Cable Tamer Dock']),
    b('Summer Anime Showcase', 'Last season\u2019s anime pair — this offer has ended.', 99.99, 'Pink', -120, -20, ['Ronin Blade Master Figure', 'Sakura Mecha Pilot Figure']),
    b('Holiday Ornament Collection', 'Our winter stars together, coming this season.', 34.99, 'Gold', 20, 110, ['Snowflake Star Ornament Set', 'Celestial Guiding Star']),
    b('Invincible Power Duo', 'Cancelled by the studio before launch.', 79.99, 'Yellow', -5, 40, ['Invincible Hero Flight Pose Figure', 'Atom Eve Energy Burst Figure'], true),
  ];
  const discounts = [
    { code: 'WELCOME10', percentage: 10, active: true, expiresAt: null },
    { code: 'LAYERUP15', percentage: 15, active: true, expiresAt: new Date(now + 180 * DAY).toISOString() },
    { code: 'SPRING25', percentage: 25, active: true, expiresAt: new Date(now - 30 * DAY).toISOString() },
    { code: 'STAFF50', percentage: 50, active: false, expiresAt: null },
  ];
  return { products, bundles, discounts };
}
