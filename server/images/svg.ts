/**
 * Product pictures drawn by code we own: a stylised 3D-printed object per kind, tinted with the
 * variant colour, with faint layer lines, varied by a seed. Square 800×800, no text, no remote URLs.
 */
import { FILAMENT_COLORS } from '../../src/domain/colors';
import { own } from '../../src/domain/lookup';

export const IMAGE_KINDS = [
  'figure',
  'accessory',
  'spinner',
  'ball',
  'cube',
  'flexi',
  'vase',
  'ornament',
  'frame',
  'gadget',
  'bundle',
] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

/** The brand accent (bases, stands, ribbons). */
export const ACCENT = '#ff6b4a';

/** Named colours used by the seed data (the shared filament table); any 6-digit hex is accepted too. */
export const NAMED_COLORS: Readonly<Record<string, string>> = FILAMENT_COLORS;

/** 'Red' → '#e63946', '3a86ff' → '#3a86ff'; null when unknown. */
export function resolveColor(input: string | undefined): string | null {
  if (!input) return null;
  const v = input.trim().toLowerCase().replace(/^#/, '');
  if (/^[0-9a-f]{6}$/.test(v)) return `#${v}`;
  return own(NAMED_COLORS, v.replace(/[\s_-]+/g, '')) ?? null;
}

// ---- colour maths -------------------------------------------------------------------------------
function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
function hex([r, g, b]: [number, number, number]): string {
  return '#' + [r, g, b].map((c) => Math.round(Math.max(0, Math.min(255, c))).toString(16).padStart(2, '0')).join('');
}
/** Mixes `a` toward `b` by t ∈ [0,1]. */
function mix(a: string, b: string, t: number): string {
  const [r1, g1, b1] = rgb(a);
  const [r2, g2, b2] = rgb(b);
  return hex([r1 + (r2 - r1) * t, g1 + (g2 - g1) * t, b1 + (b2 - b1) * t]);
}
const lighten = (c: string, t: number) => mix(c, '#ffffff', t);
const darken = (c: string, t: number) => mix(c, '#10131a', t);
function hueShift(c: string, deg: number): string {
  const [r, g, b] = rgb(c).map((v) => v / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  let h = 0;
  const s = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1));
  if (d !== 0) {
    if (max === r) h = ((g - b) / d) % 6;
    else if (max === g) h = (b - r) / d + 2;
    else h = (r - g) / d + 4;
  }
  h = (h * 60 + deg + 360) % 360;
  const C = (1 - Math.abs(2 * l - 1)) * s;
  const X = C * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = l - C / 2;
  const [r1, g1, b1] =
    h < 60 ? [C, X, 0] : h < 120 ? [X, C, 0] : h < 180 ? [0, C, X] : h < 240 ? [0, X, C] : h < 300 ? [X, 0, C] : [C, 0, X];
  return hex([(r1 + m) * 255, (g1 + m) * 255, (b1 + m) * 255]);
}

// ---- seeded randomness --------------------------------------------------------------------------
function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}
function rng(seed: number) {
  let a = seed || 1;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (lo: number, hi: number) => lo + (hi - lo) * next(),
    int: (lo: number, hi: number) => Math.floor(lo + (hi - lo + 1) * next()),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)],
  };
}
type Rng = ReturnType<typeof rng>;

const f = (n: number) => Math.round(n * 10) / 10;

interface Drawing {
  /** Drawn first, without layer lines (stroked parts whose fill area would clip oddly). */
  under?: string[];
  /** Solid parts: painted, then overlaid with layer lines (clipped to these shapes). */
  body: string[];
  /** Drawn above the layer lines (highlights, eyes, bolts). */
  details: string[];
  /** Centre x and width of the contact shadow. */
  shadow: { cx: number; w: number; y: number };
}

interface Palette {
  base: string;
  light: string;
  dark: string;
  deep: string;
  accent: string;
  accentDark: string;
}

// ---- the objects --------------------------------------------------------------------------------
function figure(r: Rng, p: Palette): Drawing {
  const cx = 400;
  const headR = r.range(46, 58);
  const shoulder = r.range(92, 122);
  const hip = shoulder * r.range(0.62, 0.8);
  const topY = r.range(150, 175);
  const headCy = topY + headR;
  const neckY = headCy + headR + 6;
  const waistY = neckY + r.range(150, 175);
  const footY = 612;
  const stance = r.range(26, 48);
  const armLift = r.range(-40, 60);
  const cape = r.next() > 0.5;
  const helmet = r.next() > 0.45;
  const body: string[] = [];
  // base (accent) — a round printed display stand
  body.push(`<ellipse cx="${cx}" cy="636" rx="170" ry="34" fill="${p.accentDark}"/>`);
  body.push(`<rect x="${cx - 170}" y="612" width="340" height="24" fill="${p.accentDark}"/>`);
  body.push(`<ellipse cx="${cx}" cy="612" rx="170" ry="34" fill="url(#accentTop)"/>`);
  if (cape)
    body.push(
      `<path d="M${f(cx - shoulder * 0.9)} ${f(neckY + 18)} Q${f(cx - shoulder * 1.5)} ${f(waistY + 90)} ${f(cx - shoulder * 1.1)} ${f(footY - 10)} L${f(cx + shoulder * 1.1)} ${f(footY - 10)} Q${f(cx + shoulder * 1.5)} ${f(waistY + 90)} ${f(cx + shoulder * 0.9)} ${f(neckY + 18)} Z" fill="${p.deep}"/>`,
    );
  // legs
  body.push(
    `<path d="M${f(cx - hip)} ${f(waistY)} L${f(cx - stance - 34)} ${footY} L${f(cx - stance + 18)} ${footY} L${f(cx - 8)} ${f(waistY + 40)} L${f(cx + 8)} ${f(waistY + 40)} L${f(cx + stance - 18)} ${footY} L${f(cx + stance + 34)} ${footY} L${f(cx + hip)} ${f(waistY)} Z" fill="url(#bodyGrad)"/>`,
  );
  // boots
  body.push(`<rect x="${f(cx - stance - 40)}" y="${footY - 26}" width="64" height="28" rx="10" fill="${p.dark}"/>`);
  body.push(`<rect x="${f(cx + stance - 24)}" y="${footY - 26}" width="64" height="28" rx="10" fill="${p.dark}"/>`);
  // torso
  body.push(
    `<path d="M${f(cx - shoulder)} ${f(neckY + 14)} Q${cx} ${f(neckY - 6)} ${f(cx + shoulder)} ${f(neckY + 14)} L${f(cx + hip)} ${f(waistY)} L${f(cx - hip)} ${f(waistY)} Z" fill="url(#bodyGrad)"/>`,
  );
  // arms (stroked, so drawn under the body without layer lines)
  const under: string[] = [];
  for (const side of [-1, 1]) {
    const sx = cx + side * (shoulder - 8);
    const ex = cx + side * (shoulder + 40);
    const ey = neckY + 110 + (side > 0 ? -armLift : armLift * 0.3);
    const hx = cx + side * (shoulder + 30);
    const hy = ey + 80 - (side > 0 ? armLift : 0);
    under.push(
      `<path d="M${f(sx)} ${f(neckY + 16)} L${f(ex)} ${f(ey)} L${f(hx)} ${f(hy)}" stroke="${p.base}" stroke-width="38" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`,
    );
    under.push(`<circle cx="${f(hx)}" cy="${f(hy)}" r="22" fill="${p.dark}"/>`);
  }
  // belt and chest emblem
  body.push(`<rect x="${f(cx - hip - 4)}" y="${f(waistY - 22)}" width="${f(hip * 2 + 8)}" height="22" rx="6" fill="${p.deep}"/>`);
  // head
  body.push(`<rect x="${cx - 18}" y="${f(headCy + headR - 8)}" width="36" height="24" fill="${p.dark}"/>`);
  body.push(`<circle cx="${cx}" cy="${f(headCy)}" r="${f(headR)}" fill="url(#headGrad)"/>`);
  if (helmet)
    body.push(
      `<path d="M${f(cx - headR - 6)} ${f(headCy + 4)} A${f(headR + 6)} ${f(headR + 6)} 0 0 1 ${f(cx + headR + 6)} ${f(headCy + 4)} L${f(cx + headR * 0.5)} ${f(headCy - 4)} L${f(cx - headR * 0.5)} ${f(headCy - 4)} Z" fill="${p.deep}"/>`,
    );
  const details = [
    `<path d="M${cx} ${f(neckY + 50)} l26 22 l-26 22 l-26 -22 Z" fill="${p.accent}" opacity=".95"/>`,
    `<rect x="${cx - 14}" y="${f(waistY - 20)}" width="28" height="18" rx="4" fill="${p.accent}"/>`,
    `<ellipse cx="${f(cx - headR * 0.35)}" cy="${f(headCy + 6)}" rx="7" ry="9" fill="#1b1e28"/>`,
    `<ellipse cx="${f(cx + headR * 0.35)}" cy="${f(headCy + 6)}" rx="7" ry="9" fill="#1b1e28"/>`,
    `<ellipse cx="${f(cx - headR * 0.35)}" cy="${f(headCy - headR * 0.5)}" rx="${f(headR * 0.3)}" ry="${f(headR * 0.18)}" fill="#fff" opacity=".35"/>`,
  ];
  return { under, body, details, shadow: { cx, w: 190, y: 650 } };
}

function accessory(r: Rng, p: Palette): Drawing {
  const tilt = r.range(-24, 24);
  const t = `transform="rotate(${f(tilt)} 400 400)"`;
  // clipPath children must be plain shapes (no <g>), so each part carries the rotation itself.
  const body = [
    `<path d="M392 150 L408 150 L426 470 L374 470 Z" fill="url(#bodyGrad)" ${t}/>`,
    `<rect x="322" y="466" width="156" height="30" rx="12" fill="${p.accentDark}" ${t}/>`,
    `<rect x="384" y="494" width="32" height="110" rx="10" fill="${p.dark}" ${t}/>`,
    `<circle cx="400" cy="620" r="24" fill="${p.accent}" ${t}/>`,
    `<path d="M470 360 Q560 330 640 360 L632 500 Q600 590 555 620 Q510 590 478 500 Z" fill="${p.deep}"/>`,
    `<path d="M496 378 Q560 356 620 378 L614 494 Q590 562 555 586 Q520 562 500 494 Z" fill="url(#bodyGrad)"/>`,
  ];
  const details = [
    `<path d="M555 420 l22 40 l-22 40 l-22 -40 Z" fill="${p.accent}"/>`,
    `<path d="M398 170 L404 170 L412 440 L396 440 Z" fill="#fff" opacity=".3" transform="rotate(${f(tilt)} 400 400)"/>`,
  ];
  return { body, details, shadow: { cx: 470, w: 220, y: 650 } };
}

function spinner(r: Rng, p: Palette): Drawing {
  const rot = r.range(0, 120);
  const lobes = r.pick([3, 3, 3, 4, 6]);
  const armR = lobes === 6 ? 150 : 175;
  const lobeR = lobes === 6 ? 62 : 86;
  const body: string[] = [];
  const details: string[] = [];
  for (let i = 0; i < lobes; i++) {
    const a = (i / lobes) * Math.PI * 2 + (rot * Math.PI) / 180;
    const x = 400 + Math.cos(a) * armR;
    const y = 400 + Math.sin(a) * armR;
    body.push(`<line x1="400" y1="400" x2="${f(x)}" y2="${f(y)}" stroke="${p.base}" stroke-width="${lobeR * 1.25}" stroke-linecap="round"/>`);
    body.push(`<circle cx="${f(x)}" cy="${f(y)}" r="${lobeR}" fill="url(#bodyGrad)"/>`);
    details.push(`<circle cx="${f(x)}" cy="${f(y)}" r="${f(lobeR * 0.55)}" fill="${p.deep}"/>`);
    details.push(`<circle cx="${f(x)}" cy="${f(y)}" r="${f(lobeR * 0.55)}" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="5"/>`);
  }
  body.push(`<circle cx="400" cy="400" r="${lobeR + 14}" fill="url(#bodyGrad)"/>`);
  details.push(
    `<circle cx="400" cy="400" r="${f(lobeR * 0.72)}" fill="${p.accent}"/>`,
    `<circle cx="400" cy="400" r="${f(lobeR * 0.42)}" fill="url(#accentTop)"/>`,
    `<circle cx="400" cy="400" r="${f(lobeR * 0.14)}" fill="#fff" opacity=".7"/>`,
  );
  return { body, details, shadow: { cx: 400, w: 250, y: 660 } };
}

function ball(r: Rng, p: Palette): Drawing {
  const R = r.range(190, 220);
  const cy = 620 - R;
  const squash = r.range(0.9, 1);
  const body = [`<ellipse cx="400" cy="${f(cy)}" rx="${f(R)}" ry="${f(R * squash)}" fill="url(#ballGrad)"/>`];
  const details: string[] = [];
  const bumps = r.int(10, 16);
  for (let i = 0; i < bumps; i++) {
    const a = r.range(0, Math.PI * 2);
    const d = Math.sqrt(r.next()) * R * 0.8;
    details.push(
      `<circle cx="${f(400 + Math.cos(a) * d)}" cy="${f(cy + Math.sin(a) * d * squash)}" r="${f(r.range(10, 22))}" fill="${p.light}" opacity=".45"/>`,
    );
  }
  details.push(`<ellipse cx="${f(400 - R * 0.38)}" cy="${f(cy - R * 0.42)}" rx="${f(R * 0.28)}" ry="${f(R * 0.17)}" fill="#fff" opacity=".45" transform="rotate(-30 ${f(400 - R * 0.38)} ${f(cy - R * 0.42)})"/>`);
  return { body, details, shadow: { cx: 400, w: R * 0.95, y: 628 } };
}

function cube(r: Rng, p: Palette): Drawing {
  const s = r.range(150, 175);
  const cx = 400;
  const top = 620 - s * 2.05;
  const h = s * 0.58;
  const faces = {
    top: `M${cx} ${f(top)} L${f(cx + s)} ${f(top + h)} L${cx} ${f(top + 2 * h)} L${f(cx - s)} ${f(top + h)} Z`,
    left: `M${f(cx - s)} ${f(top + h)} L${cx} ${f(top + 2 * h)} L${cx} ${f(top + 2 * h + s * 1.15)} L${f(cx - s)} ${f(top + h + s * 1.15)} Z`,
    right: `M${f(cx + s)} ${f(top + h)} L${cx} ${f(top + 2 * h)} L${cx} ${f(top + 2 * h + s * 1.15)} L${f(cx + s)} ${f(top + h + s * 1.15)} Z`,
  };
  const tints = [p.base, hueShift(p.base, 40), hueShift(p.base, -40), p.accent, lighten(p.base, 0.4)];
  const body = [
    `<path d="${faces.top}" fill="${p.light}"/>`,
    `<path d="${faces.left}" fill="${p.base}"/>`,
    `<path d="${faces.right}" fill="${p.dark}"/>`,
  ];
  const details: string[] = [];
  // 3×3 stickers on each face (bilinear placement)
  const quad = (o: [number, number], u: [number, number], v: [number, number], shade: number) => {
    for (let i = 0; i < 3; i++)
      for (let j = 0; j < 3; j++) {
        const pt = (a: number, b: number) => [o[0] + u[0] * a + v[0] * b, o[1] + u[1] * a + v[1] * b];
        const g = 0.06;
        const pts = [pt(i / 3 + g, j / 3 + g), pt((i + 1) / 3 - g, j / 3 + g), pt((i + 1) / 3 - g, (j + 1) / 3 - g), pt(i / 3 + g, (j + 1) / 3 - g)];
        const c = r.pick(tints);
        details.push(`<path d="M${pts.map((q) => `${f(q[0])} ${f(q[1])}`).join(' L')} Z" fill="${shade > 0 ? lighten(c, shade) : darken(c, -shade)}" stroke="${darken(c, 0.3)}" stroke-width="2"/>`);
      }
  };
  quad([cx, top], [s, h], [-s, h], 0.25);
  quad([cx - s, top + h], [s, h], [0, s * 1.15], 0);
  quad([cx, top + 2 * h], [s, -h], [0, s * 1.15], -0.25);
  return { body, details, shadow: { cx, w: s * 1.1, y: 622 } };
}

function flexi(r: Rng, p: Palette): Drawing {
  const n = r.int(6, 8);
  const body: string[] = [];
  const details: string[] = [];
  const amp = r.range(50, 90);
  const phase = r.range(0, Math.PI);
  const pts = Array.from({ length: n }, (_, i) => {
    const x = 170 + (i * 460) / (n - 1);
    return [x, 430 + Math.sin(phase + i * 0.9) * amp] as const;
  });
  pts.forEach(([x, y], i) => {
    const R = i === n - 1 ? 78 : 58 - i * 1.5;
    body.push(`<rect x="${f(x - R)}" y="${f(y - R)}" width="${f(R * 2)}" height="${f(R * 2)}" rx="${f(R * 0.45)}" fill="${i % 2 ? 'url(#bodyGrad)' : p.dark}" transform="rotate(${f(r.range(-12, 12))} ${f(x)} ${f(y)})"/>`);
  });
  const [hx, hy] = pts[n - 1];
  details.push(
    `<circle cx="${f(hx - 22)}" cy="${f(hy - 10)}" r="13" fill="#fff"/><circle cx="${f(hx + 22)}" cy="${f(hy - 10)}" r="13" fill="#fff"/>`,
    `<circle cx="${f(hx - 20)}" cy="${f(hy - 8)}" r="6" fill="#1b1e28"/><circle cx="${f(hx + 24)}" cy="${f(hy - 8)}" r="6" fill="#1b1e28"/>`,
    `<path d="M${f(hx - 18)} ${f(hy + 22)} Q${f(hx)} ${f(hy + 38)} ${f(hx + 18)} ${f(hy + 22)}" stroke="#1b1e28" stroke-width="5" fill="none" stroke-linecap="round"/>`,
    `<path d="M${f(hx - 20)} ${f(hy - 70)} q-16 -40 -34 -46 M${f(hx + 20)} ${f(hy - 70)} q16 -40 34 -46" stroke="${p.accent}" stroke-width="9" fill="none" stroke-linecap="round"/>`,
  );
  return { body, details, shadow: { cx: 400, w: 260, y: 580 } };
}

function vase(r: Rng, p: Palette): Drawing {
  const top = r.range(150, 200);
  const neck = r.range(60, 90);
  const belly = r.range(150, 195);
  const foot = r.range(80, 120);
  const bellyY = r.range(380, 470);
  const bottom = 620;
  const twist = r.next() > 0.5;
  const d = `M${f(400 - neck - 14)} ${f(top)} Q${f(400 - neck)} ${f(top + 60)} ${f(400 - neck + 4)} ${f(top + 90)} C${f(400 - belly * 1.15)} ${f(bellyY - 60)} ${f(400 - belly * 1.05)} ${f(bellyY + 110)} ${f(400 - foot)} ${bottom} L${f(400 + foot)} ${bottom} C${f(400 + belly * 1.05)} ${f(bellyY + 110)} ${f(400 + belly * 1.15)} ${f(bellyY - 60)} ${f(400 + neck - 4)} ${f(top + 90)} Q${f(400 + neck)} ${f(top + 60)} ${f(400 + neck + 14)} ${f(top)} Z`;
  const body = [`<path d="${d}" fill="url(#bodyGradH)"/>`];
  const details = [
    `<ellipse cx="400" cy="${f(top)}" rx="${f(neck + 14)}" ry="16" fill="${p.deep}"/>`,
    `<ellipse cx="400" cy="${f(top + 2)}" rx="${f(neck)}" ry="10" fill="#1b1e28" opacity=".55"/>`,
  ];
  if (twist)
    for (let i = 0; i < 7; i++) {
      const x = 400 + (i - 3) * belly * 0.26;
      details.push(`<path d="M${f(x)} ${f(top + 100)} Q${f(x + 60)} ${f(bellyY)} ${f(x * 0.75 + 100)} ${bottom - 8}" stroke="${p.dark}" stroke-opacity=".35" stroke-width="6" fill="none"/>`);
    }
  details.push(`<path d="M${f(400 - belly * 0.55)} ${f(bellyY - 40)} Q${f(400 - belly * 0.7)} ${f(bellyY + 40)} ${f(400 - belly * 0.5)} ${f(bellyY + 110)}" stroke="#fff" stroke-opacity=".35" stroke-width="16" fill="none" stroke-linecap="round"/>`);
  return { body, details, shadow: { cx: 400, w: foot * 1.6, y: 624 } };
}

function ornament(r: Rng, p: Palette): Drawing {
  const points = r.pick([5, 6, 8]);
  const R = r.range(190, 215);
  const inner = R * r.range(0.42, 0.55);
  const cy = 430;
  const star = Array.from({ length: points * 2 }, (_, i) => {
    const a = -Math.PI / 2 + (i * Math.PI) / points;
    const rr = i % 2 ? inner : R;
    return `${f(400 + Math.cos(a) * rr)} ${f(cy + Math.sin(a) * rr)}`;
  });
  const body = [`<path d="M${star.join(' L')} Z" fill="url(#bodyGrad)" stroke="${p.dark}" stroke-width="8" stroke-linejoin="round"/>`];
  const details = [
    `<path d="M400 ${f(cy - R - 4)} L400 120" stroke="${p.accentDark}" stroke-width="6"/>`,
    `<circle cx="400" cy="112" r="16" fill="none" stroke="${p.accent}" stroke-width="8"/>`,
    `<circle cx="400" cy="${cy}" r="${f(inner * 0.62)}" fill="${p.accent}"/>`,
    `<circle cx="400" cy="${cy}" r="${f(inner * 0.38)}" fill="url(#accentTop)"/>`,
  ];
  for (let i = 0; i < points; i++) {
    const a = -Math.PI / 2 + (i * 2 * Math.PI) / points;
    details.push(`<circle cx="${f(400 + Math.cos(a) * R * 0.62)}" cy="${f(cy + Math.sin(a) * R * 0.62)}" r="9" fill="#fff" opacity=".55"/>`);
  }
  return { body, details, shadow: { cx: 400, w: 150, y: 690 } };
}

function frame(r: Rng, p: Palette): Drawing {
  const w = r.range(470, 540);
  const h = r.range(520, 580);
  const x = 400 - w / 2;
  const y = 390 - h / 2;
  const b = 34;
  const body = [
    `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" rx="10" fill="${p.deep}"/>`,
    `<rect x="${f(x + b)}" y="${f(y + b)}" width="${f(w - 2 * b)}" height="${f(h - 2 * b)}" fill="${lighten(p.base, 0.78)}"/>`,
  ];
  const details: string[] = [];
  const ix = x + b;
  const iy = y + b;
  const iw = w - 2 * b;
  const ih = h - 2 * b;
  details.push(`<clipPath id="art"><rect x="${f(ix)}" y="${f(iy)}" width="${f(iw)}" height="${f(ih)}"/></clipPath><g clip-path="url(#art)">`);
  // relief landscape: sun and layered hills
  details.push(`<circle cx="${f(ix + iw * r.range(0.25, 0.75))}" cy="${f(iy + ih * 0.3)}" r="${f(iw * 0.13)}" fill="${p.accent}"/>`);
  for (let k = 0; k < 4; k++) {
    const base = iy + ih * (0.48 + k * 0.13);
    const amp = ih * r.range(0.04, 0.09);
    let d = `M${f(ix)} ${f(iy + ih)} L${f(ix)} ${f(base)}`;
    for (let s = 1; s <= 6; s++) d += ` Q${f(ix + (iw * (s - 0.5)) / 6)} ${f(base - amp * (s % 2 ? 1.8 : -0.6))} ${f(ix + (iw * s) / 6)} ${f(base)}`;
    d += ` L${f(ix + iw)} ${f(iy + ih)} Z`;
    details.push(`<path d="${d}" fill="${mix(lighten(p.base, 0.45), darken(p.base, 0.35), k / 3)}"/>`);
  }
  details.push('</g>', `<rect x="${f(x + 8)}" y="${f(y + 8)}" width="${f(w - 16)}" height="${f(h - 16)}" rx="6" fill="none" stroke="#fff" stroke-opacity=".18" stroke-width="4"/>`);
  return { body, details, shadow: { cx: 400, w: w * 0.45, y: y + h + 18 } };
}

function gadget(r: Rng, p: Palette): Drawing {
  const w = r.range(330, 400);
  const h = r.range(230, 300);
  const x = 400 - w / 2;
  const y = 600 - h;
  const body = [
    `<rect x="${f(x - 20)}" y="${f(y + h - 40)}" width="${f(w + 40)}" height="46" rx="18" fill="${p.dark}"/>`,
    `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" rx="44" fill="url(#bodyGrad)"/>`,
  ];
  const details = [
    `<rect x="${f(x + 34)}" y="${f(y + 34)}" width="${f(w * 0.55)}" height="${f(h * 0.48)}" rx="18" fill="#1b1e28"/>`,
    `<path d="M${f(x + 56)} ${f(y + 34 + h * 0.3)} l40 -30 l34 20 l50 -40" stroke="${lighten(p.base, 0.5)}" stroke-width="8" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
    `<circle cx="${f(x + w - 70)}" cy="${f(y + 80)}" r="34" fill="${p.accent}"/>`,
    `<circle cx="${f(x + w - 70)}" cy="${f(y + 80)}" r="18" fill="url(#accentTop)"/>`,
  ];
  const btns = r.int(2, 4);
  for (let i = 0; i < btns; i++)
    details.push(`<rect x="${f(x + 34 + i * 62)}" y="${f(y + h - 92)}" width="44" height="26" rx="13" fill="${i === 0 ? p.accent : p.deep}"/>`);
  details.push(`<rect x="${f(x + 22)}" y="${f(y + 14)}" width="${f(w - 44)}" height="14" rx="7" fill="#fff" opacity=".25"/>`);
  if (r.next() > 0.5)
    details.push(`<path d="M${f(x + w * 0.3)} ${f(y)} L${f(x + w * 0.22)} ${f(y - 90)}" stroke="${p.dark}" stroke-width="10" stroke-linecap="round"/><circle cx="${f(x + w * 0.22)}" cy="${f(y - 98)}" r="16" fill="${p.accent}"/>`);
  return { body, details, shadow: { cx: 400, w: w * 0.62, y: 612 } };
}

function bundle(r: Rng, p: Palette): Drawing {
  const body = [
    `<path d="M210 360 L590 360 L570 620 L230 620 Z" fill="url(#bodyGrad)"/>`,
    `<rect x="190" y="320" width="420" height="60" rx="10" fill="${p.dark}"/>`,
  ];
  const second = hueShift(p.base, 150);
  const details = [
    `<circle cx="${f(r.range(290, 330))}" cy="270" r="74" fill="${second}"/>`,
    `<ellipse cx="290" cy="248" rx="24" ry="14" fill="#fff" opacity=".35"/>`,
    `<path d="M440 160 l30 62 l68 10 l-50 46 l12 68 l-60 -32 l-60 32 l12 -68 l-50 -46 l68 -10 Z" fill="${hueShift(p.base, -110)}"/>`,
    `<rect x="380" y="320" width="40" height="300" fill="${p.accent}"/>`,
    `<path d="M400 330 q-70 -70 -110 -20 q40 40 110 20 q70 -70 110 -20 q-40 40 -110 20" fill="${p.accent}" stroke="${p.accentDark}" stroke-width="5"/>`,
  ];
  return { body, details, shadow: { cx: 400, w: 200, y: 628 } };
}

const DRAW: Record<ImageKind, (r: Rng, p: Palette) => Drawing> = {
  figure,
  accessory,
  spinner,
  ball,
  cube,
  flexi,
  vase,
  ornament,
  frame,
  gadget,
  bundle,
};

/** The SVG for (seed, kind, color). Deterministic: same input, same bytes. */
export function renderProductSvg(seed: string, kind: ImageKind, color: string): string {
  const r = rng(hashString(`${seed}|${kind}`));
  const base = color;
  const p: Palette = {
    base,
    light: lighten(base, 0.35),
    dark: darken(base, 0.28),
    deep: darken(base, 0.5),
    accent: kind === 'figure' || kind === 'accessory' ? ACCENT : hueShift(ACCENT, r.range(-20, 20)),
    accentDark: darken(ACCENT, 0.25),
  };
  const bgHue = hueShift(base, r.pick([150, 180, 200, -150, 30]));
  const bgA = mix(lighten(bgHue, 0.86), '#fbf7f2', 0.35);
  const bgB = mix(lighten(base, 0.8), '#fbf7f2', 0.3);
  const d = DRAW[kind](r, p);
  const angle = f(r.range(0, 360));
  const confetti = Array.from({ length: 9 }, () => {
    const x = r.range(40, 760);
    const y = r.range(40, 300);
    return `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r.range(4, 10))}" fill="${r.pick([p.accent, base, bgHue])}" opacity=".22"/>`;
  }).join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800" width="800" height="800">`,
    '<defs>',
    `<linearGradient id="bg" gradientTransform="rotate(${angle} .5 .5)"><stop offset="0" stop-color="${bgA}"/><stop offset="1" stop-color="${bgB}"/></linearGradient>`,
    `<linearGradient id="bodyGrad" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.light}"/><stop offset=".55" stop-color="${p.base}"/><stop offset="1" stop-color="${p.dark}"/></linearGradient>`,
    `<linearGradient id="bodyGradH" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${p.dark}"/><stop offset=".3" stop-color="${p.light}"/><stop offset=".65" stop-color="${p.base}"/><stop offset="1" stop-color="${p.deep}"/></linearGradient>`,
    `<radialGradient id="headGrad" cx=".35" cy=".35" r=".75"><stop offset="0" stop-color="${p.light}"/><stop offset="1" stop-color="${p.dark}"/></radialGradient>`,
    `<radialGradient id="ballGrad" cx=".36" cy=".32" r=".8"><stop offset="0" stop-color="${lighten(base, 0.55)}"/><stop offset=".5" stop-color="${base}"/><stop offset="1" stop-color="${p.deep}"/></radialGradient>`,
    `<linearGradient id="accentTop" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${lighten(p.accent, 0.35)}"/><stop offset="1" stop-color="${p.accent}"/></linearGradient>`,
    `<radialGradient id="shadow"><stop offset="0" stop-color="#1b1e28" stop-opacity=".35"/><stop offset="1" stop-color="#1b1e28" stop-opacity="0"/></radialGradient>`,
    `<pattern id="layers" width="12" height="7" patternUnits="userSpaceOnUse"><rect width="12" height="1.6" fill="#000" opacity=".13"/><rect y="1.6" width="12" height=".8" fill="#fff" opacity=".10"/></pattern>`,
    `<clipPath id="objClip">${d.body.join('')}</clipPath>`,
    '</defs>',
    `<rect width="800" height="800" fill="url(#bg)"/>`,
    confetti,
    `<ellipse cx="${f(d.shadow.cx)}" cy="${f(d.shadow.y)}" rx="${f(d.shadow.w * 1.35)}" ry="${f(d.shadow.w * 0.2)}" fill="url(#shadow)"/>`,
    `<g>${(d.under ?? []).join('')}</g>`,
    `<g>${d.body.join('')}</g>`,
    `<rect width="800" height="800" fill="url(#layers)" clip-path="url(#objClip)"/>`,
    `<g>${d.details.join('')}</g>`,
    '</svg>',
  ].join('');
}

/** The picture shown when a product or order item has none: a neutral print bed and a cube. */
export function renderPlaceholderSvg(): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800" width="800" height="800">`,
    `<defs><pattern id="grid" width="40" height="40" patternUnits="userSpaceOnUse"><path d="M40 0H0V40" fill="none" stroke="#d9d4cc" stroke-width="2"/></pattern></defs>`,
    `<rect width="800" height="800" fill="#f4f1ec"/><rect width="800" height="800" fill="url(#grid)"/>`,
    `<g fill="none" stroke="#b9b2a7" stroke-width="14" stroke-linejoin="round">`,
    `<path d="M400 250 L540 330 L540 490 L400 570 L260 490 L260 330 Z"/><path d="M260 330 L400 410 L540 330 M400 410 L400 570"/></g>`,
    `<circle cx="400" cy="410" r="18" fill="${ACCENT}" opacity=".8"/>`,
    '</svg>',
  ].join('');
}
