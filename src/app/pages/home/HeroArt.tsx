import { brand } from '../../../components/brand';

/**
 * The hero picture, drawn inline so it paints with the first HTML (no image request, no layout
 * shift): a 3D printer finishing a twisted vase, with a robot figure, a cube and a fidget
 * spinner already printed on the bed.
 */
const VASE_CENTER = 330;
const BED_TOP = 370;
const LAYER = 10;
const LAYERS = Array.from({ length: 18 }, (_, i) => {
  const t = i / 17;
  const width = 62 + 34 * Math.sin(t * Math.PI * 1.15) + (i % 2 === 0 ? 0 : 2);
  return { y: BED_TOP - (i + 1) * LAYER, width: Math.round(width), shade: i % 2 === 0 ? brand.teal : '#13948A' };
});
const VASE_TOP = LAYERS[LAYERS.length - 1].y;

function Sparkle({ x, y, size, color }: { x: number; y: number; size: number; color: string }) {
  const s = size;
  return (
    <path
      d={`M${x} ${y - s} Q${x + s * 0.18} ${y - s * 0.18} ${x + s} ${y} Q${x + s * 0.18} ${y + s * 0.18} ${x} ${y + s} Q${x - s * 0.18} ${y + s * 0.18} ${x - s} ${y} Q${x - s * 0.18} ${y - s * 0.18} ${x} ${y - s}Z`}
      fill={color}
    />
  );
}

export function HeroArt() {
  return (
    <svg
      viewBox="0 0 520 430"
      width="520"
      height="430"
      role="img"
      aria-label="A 3D printer finishing a teal vase, next to a printed robot figure, a cube and a fidget spinner"
      style={{ width: '100%', height: 'auto', display: 'block' }}
    >
      <style>{`
        @keyframes ll-spin { to { transform: rotate(360deg); } }
        @keyframes ll-glow { 0%, 100% { opacity: .35 } 50% { opacity: 1 } }
        .ll-spinner { animation: ll-spin 6s linear infinite; transform-origin: 446px 336px; transform-box: view-box; }
        .ll-glow { animation: ll-glow 1.6s ease-in-out infinite; }
        @media (prefers-reduced-motion: reduce) { .ll-spinner, .ll-glow { animation: none; } }
      `}</style>

      {/* Backdrop */}
      <circle cx="280" cy="220" r="200" fill={brand.sunSoft} />
      <circle cx="86" cy="330" r="70" fill={brand.tealSoft} />
      <circle cx="470" cy="86" r="52" fill={brand.coralSoft} />
      <Sparkle x={60} y={70} size={12} color={brand.sun} />
      <Sparkle x={486} y={200} size={9} color={brand.coralLight} />
      <Sparkle x={200} y={40} size={7} color={brand.lilac} />

      {/* Printer frame */}
      <rect x="44" y="70" width="14" height="306" rx="7" fill="#E9DCCB" />
      <rect x="462" y="70" width="14" height="306" rx="7" fill="#E9DCCB" />
      <rect x="36" y="96" width="448" height="14" rx="7" fill="#DCCBB6" />

      {/* Filament spool and strand */}
      <circle cx="112" cy="58" r="34" fill={brand.coral} />
      <circle cx="112" cy="58" r="24" fill={brand.coralLight} />
      <circle cx="112" cy="58" r="9" fill={brand.cream} />
      <path d={`M140 74 C 200 120, 260 40, ${VASE_CENTER - 6} 118`} stroke={brand.teal} strokeWidth="4" fill="none" strokeLinecap="round" />

      {/* Print head */}
      <rect x={VASE_CENTER - 40} y="104" width="80" height="18" rx="6" fill={brand.ink} />
      <rect x={VASE_CENTER - 32} y="116" width="64" height="50" rx="14" fill={brand.coral} />
      <rect x={VASE_CENTER - 20} y="128" width="40" height="8" rx="4" fill={brand.coralSoft} opacity="0.8" />
      <path d={`M${VASE_CENTER - 12} 166 L${VASE_CENTER + 12} 166 L${VASE_CENTER + 3} ${VASE_TOP - 6} L${VASE_CENTER - 3} ${VASE_TOP - 6} Z`} fill="#8A8F98" />
      <circle className="ll-glow" cx={VASE_CENTER} cy={VASE_TOP - 3} r="5" fill={brand.sun} />

      {/* Bed */}
      <rect x="22" y={BED_TOP} width="476" height="22" rx="11" fill={brand.ink} />
      <rect x="40" y={BED_TOP + 5} width="440" height="5" rx="2.5" fill={brand.teal} opacity="0.55" />
      <rect x="70" y={BED_TOP + 22} width="20" height="18" rx="5" fill={brand.ink} />
      <rect x="430" y={BED_TOP + 22} width="20" height="18" rx="5" fill={brand.ink} />

      {/* Twisted vase, layer by layer */}
      {LAYERS.map((l) => (
        <rect key={l.y} x={VASE_CENTER - l.width / 2} y={l.y} width={l.width} height={LAYER + 0.6} rx={LAYER / 2} fill={l.shade} />
      ))}
      {LAYERS.map((l, i) =>
        i % 3 === 0 ? <rect key={`h${l.y}`} x={VASE_CENTER - l.width / 2 + 8} y={l.y + 3} width={10} height={3} rx={1.5} fill="#FFFFFF" opacity="0.35" /> : null,
      )}

      {/* Robot figure */}
      <g>
        <line x1="150" y1="220" x2="150" y2="198" stroke={brand.ink} strokeWidth="4" strokeLinecap="round" />
        <circle cx="150" cy="194" r="8" fill={brand.coralLight} />
        <rect x="110" y="218" width="80" height="60" rx="22" fill="#A98BE6" />
        <rect x="121" y="230" width="58" height="36" rx="13" fill={brand.ink} />
        <circle cx="138" cy="246" r="5.5" fill={brand.sun} />
        <circle cx="162" cy="246" r="5.5" fill={brand.sun} />
        <path d="M142 256 Q150 262 158 256" stroke={brand.sun} strokeWidth="3" fill="none" strokeLinecap="round" />
        <rect x="98" y="290" width="16" height="44" rx="8" fill="#A98BE6" />
        <rect x="186" y="290" width="16" height="44" rx="8" fill="#A98BE6" />
        <rect x="116" y="280" width="68" height="68" rx="18" fill={brand.lilac} />
        <rect x="132" y="296" width="36" height="24" rx="8" fill={brand.lilacSoft} />
        <path d="M150 314 l-7 -7 a4.5 4.5 0 0 1 7 -5 a4.5 4.5 0 0 1 7 5 Z" fill={brand.coralLight} />
        <rect x="126" y="346" width="18" height={BED_TOP - 346} rx="6" fill="#6F52B8" />
        <rect x="156" y="346" width="18" height={BED_TOP - 346} rx="6" fill="#6F52B8" />
      </g>

      {/* Cube */}
      <g>
        <polygon points="236,316 262,330 236,344 210,330" fill={brand.coralLight} />
        <polygon points="210,330 236,344 236,370 210,356" fill={brand.coral} />
        <polygon points="236,344 262,330 262,356 236,370" fill="#9E3414" />
      </g>

      {/* Fidget spinner */}
      <g className="ll-spinner">
        <path d="M446 306 L472 351 L420 351 Z" fill={brand.sun} stroke={brand.sun} strokeWidth="18" strokeLinejoin="round" />
        <circle cx="446" cy="306" r="10" fill={brand.cream} />
        <circle cx="472" cy="351" r="10" fill={brand.cream} />
        <circle cx="420" cy="351" r="10" fill={brand.cream} />
        <circle cx="446" cy="336" r="11" fill={brand.teal} />
        <circle cx="446" cy="336" r="4" fill={brand.cream} />
      </g>
    </svg>
  );
}
