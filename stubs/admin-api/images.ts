// Product pictures the stub serves itself, so the demo works offline: a simple
// illustration of the product on a tinted card, with its name and brand.
import { DEMO_PRODUCTS, type DemoProduct, type Shape } from "./demo-data";

type Colours = { main: string; accent: string };

// Each drawing fits the 400×400 card, standing on y ≈ 290 and centred on x = 200.
const drawings: Record<Shape, (c: Colours) => string> = {
  mug: ({ main, accent }) => `
    <path d="M250 150 h22 a30 30 0 0 1 0 60 h-22" fill="none" stroke="${main}" stroke-width="16"/>
    <rect x="130" y="120" width="120" height="165" rx="16" fill="${main}"/>
    <rect x="130" y="195" width="120" height="20" fill="${accent}" opacity="0.7"/>
    <ellipse cx="190" cy="120" rx="60" ry="10" fill="${accent}"/>`,
  shoe: ({ main, accent }) => `
    <path d="M100 262 C100 215 118 185 150 172 L192 158 C205 200 245 212 298 226 C314 230 318 262 306 262 Z" fill="${main}"/>
    <rect x="94" y="258" width="222" height="20" rx="10" fill="${accent}"/>
    <path d="M165 180 l14 22 M182 174 l14 22 M199 176 l14 22" stroke="#fff" stroke-width="5" stroke-linecap="round"/>`,
  watch: ({ main, accent }) => `
    <rect x="170" y="70" width="60" height="230" rx="14" fill="${accent}"/>
    <rect x="258" y="176" width="14" height="18" rx="4" fill="${main}"/>
    <circle cx="200" cy="185" r="64" fill="${main}"/>
    <circle cx="200" cy="185" r="52" fill="#fdfdfd"/>
    <path d="M200 185 V146 M200 185 L228 197" stroke="${main}" stroke-width="6" stroke-linecap="round"/>
    <circle cx="200" cy="185" r="5" fill="${accent}"/>`,
  backpack: ({ main, accent }) => `
    <path d="M172 102 a28 28 0 0 1 56 0" fill="none" stroke="${accent}" stroke-width="10"/>
    <rect x="125" y="100" width="150" height="190" rx="32" fill="${main}"/>
    <path d="M125 150 H275" stroke="${accent}" stroke-width="6"/>
    <rect x="150" y="200" width="100" height="70" rx="14" fill="${accent}"/>
    <rect x="190" y="196" width="20" height="14" rx="3" fill="${main}"/>`,
  headphones: ({ main, accent }) => `
    <path d="M122 215 V185 a78 78 0 0 1 156 0 V215" fill="none" stroke="${main}" stroke-width="16" stroke-linecap="round"/>
    <rect x="98" y="195" width="48" height="86" rx="20" fill="${accent}"/>
    <rect x="254" y="195" width="48" height="86" rx="20" fill="${accent}"/>
    <rect x="110" y="208" width="24" height="60" rx="12" fill="${main}"/>
    <rect x="266" y="208" width="24" height="60" rx="12" fill="${main}"/>`,
  candle: ({ main, accent }) => `
    <rect x="140" y="140" width="120" height="148" rx="18" fill="${main}"/>
    <rect x="152" y="190" width="96" height="52" rx="6" fill="#fff" opacity="0.85"/>
    <circle cx="200" cy="216" r="14" fill="${accent}"/>
    <path d="M200 140 v-18" stroke="#333" stroke-width="3"/>
    <path d="M200 84 C216 104 213 121 200 124 C187 121 184 104 200 84 Z" fill="#f6a623"/>`,
  bowl: ({ main, accent }) => `
    <rect x="170" y="262" width="60" height="18" rx="5" fill="${main}"/>
    <path d="M110 175 A90 90 0 0 0 290 175 Z" fill="${main}"/>
    <ellipse cx="200" cy="175" rx="90" ry="14" fill="${accent}"/>
    <rect x="296" y="84" width="9" height="52" rx="3" fill="#c8a86b"/>
    <path d="M288 134 h25 c2 30 -6 44 -12.5 44 s-14.5 -14 -12.5 -44 Z" fill="#e6d3a3" stroke="#c8a86b" stroke-width="2"/>
    <path d="M295 138 v34 M300.5 138 v38 M306 138 v34" stroke="#c8a86b" stroke-width="1.5"/>`,
  notebook: ({ main, accent }) => `
    <rect x="135" y="85" width="140" height="200" rx="8" fill="${main}"/>
    <rect x="135" y="85" width="22" height="200" fill="${accent}"/>
    <rect x="178" y="122" width="78" height="36" rx="4" fill="#fff" opacity="0.85"/>
    <rect x="252" y="85" width="8" height="200" fill="${accent}"/>`,
  glasses: ({ main, accent }) => `
    <path d="M106 180 L84 166 M294 180 L316 166" stroke="${main}" stroke-width="9" stroke-linecap="round"/>
    <circle cx="150" cy="190" r="44" fill="${accent}" opacity="0.85" stroke="${main}" stroke-width="11"/>
    <circle cx="250" cy="190" r="44" fill="${accent}" opacity="0.85" stroke="${main}" stroke-width="11"/>
    <path d="M190 180 q10 -14 20 0" stroke="${main}" stroke-width="9" fill="none"/>
    <path d="M128 172 q10 -12 24 -10 M228 172 q10 -12 24 -10" stroke="#fff" stroke-width="5" fill="none" opacity="0.7"/>`,
  bottle: ({ main, accent }) => `
    <rect x="175" y="90" width="50" height="32" rx="6" fill="${main}"/>
    <rect x="172" y="68" width="56" height="28" rx="9" fill="${accent}"/>
    <rect x="160" y="110" width="80" height="180" rx="28" fill="${main}"/>
    <rect x="160" y="180" width="80" height="32" fill="${accent}" opacity="0.75"/>`,
  skateboard: ({ main, accent }) => `
    <g transform="rotate(-8 200 200)">
      <rect x="105" y="198" width="42" height="9" fill="#555"/>
      <rect x="253" y="198" width="42" height="9" fill="#555"/>
      <circle cx="126" cy="222" r="17" fill="${accent}"/>
      <circle cx="274" cy="222" r="17" fill="${accent}"/>
      <rect x="78" y="166" width="244" height="36" rx="18" fill="${main}"/>
      <path d="M110 184 H290" stroke="${accent}" stroke-width="5" stroke-dasharray="18 10"/>
    </g>`,
  plant: ({ main, accent }) => `
    <path d="M200 196 C170 150 150 130 140 100 C180 110 202 140 200 196 Z" fill="${accent}"/>
    <path d="M200 196 C230 150 250 130 262 104 C220 112 198 140 200 196 Z" fill="${accent}"/>
    <path d="M200 196 C194 150 197 110 200 78 C206 110 207 150 200 196 Z" fill="${accent}"/>
    <path d="M146 204 H254 L240 290 H160 Z" fill="${main}"/>
    <rect x="138" y="190" width="124" height="22" rx="5" fill="${main}"/>`,
  perfume: ({ main, accent }) => `
    <rect x="170" y="92" width="60" height="42" rx="6" fill="${accent}"/>
    <rect x="186" y="130" width="28" height="24" fill="${main}"/>
    <rect x="138" y="150" width="124" height="138" rx="20" fill="${main}" opacity="0.9"/>
    <rect x="150" y="192" width="100" height="84" rx="12" fill="${accent}"/>`,
  sweater: ({ main, accent }) => `
    <path d="M150 95 L118 106 L78 182 L110 198 L130 162 V290 H270 V162 L290 198 L322 182 L282 106 L250 95 C240 117 160 117 150 95 Z" fill="${main}"/>
    <path d="M150 95 C160 122 240 122 250 95" fill="none" stroke="${accent}" stroke-width="8"/>
    <rect x="130" y="274" width="140" height="16" fill="${accent}"/>
    <path d="M150 200 h100 M150 222 h100" stroke="${accent}" stroke-width="4" opacity="0.6"/>`,
};

// Views 2 and 3 show a close-up and the other colourway.
const views = [
  { caption: "", zoom: 1, swap: false },
  { caption: "Detail", zoom: 1.3, swap: false },
  { caption: "Colourway", zoom: 1, swap: true },
] as const;

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);

export function productSvg(product: DemoProduct, view: number): string {
  const { caption, zoom, swap } = views[view] ?? views[0];
  const { shape, background, main, accent } = product.art;
  const colours = swap ? { main: accent, accent: main } : { main, accent };
  const title = escapeXml(product.title);
  const byline = escapeXml(caption ? `${product.vendor} · ${caption}` : product.vendor);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 400 400" role="img" aria-label="${title}">
  <defs>
    <linearGradient id="card" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#ffffff"/>
      <stop offset="1" stop-color="${background}"/>
    </linearGradient>
  </defs>
  <rect width="400" height="400" fill="url(#card)"/>
  <ellipse cx="200" cy="296" rx="${115 * zoom}" ry="12" fill="#000" opacity="0.08"/>
  <g transform="translate(200 190) scale(${zoom}) translate(-200 -190)">${drawings[shape](colours)}
  </g>
  <text x="200" y="348" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', sans-serif" font-size="21" font-weight="600" fill="#1f2933">${title}</text>
  <text x="200" y="374" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', sans-serif" font-size="13" fill="#52606d">${byline}</text>
</svg>
`;
}

/** Every product image by file name, as the stub serves them under /images/. */
export function demoImages(): Map<string, string> {
  return new Map(DEMO_PRODUCTS.flatMap((product) => product.imageFiles.map((file, view) => [file, productSvg(product, view)] as const)));
}
