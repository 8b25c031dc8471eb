// The demo shop's catalogue, customers and orders. Every shop domain the stub is
// asked about gets this same data; it is fixed (seeded), so tests can rely on it.

export const DEMO_SHOP_DOMAIN = "twin-cards-demo.myshopify.com";

export type CurrencyCode = "EUR" | "USD" | "GBP" | "JPY" | "KWD";
export const CURRENCIES: readonly CurrencyCode[] = ["EUR", "USD", "GBP", "JPY", "KWD"];

export type Shape =
  | "mug"
  | "shoe"
  | "watch"
  | "backpack"
  | "headphones"
  | "candle"
  | "bowl"
  | "notebook"
  | "glasses"
  | "bottle"
  | "skateboard"
  | "plant"
  | "perfume"
  | "sweater";

export interface DemoCustomer {
  id: string; // numeric, as in the gid
  gid: string;
  name: string;
  email: string;
  phone: string | null;
  currency: CurrencyCode; // the customer's market: every order of theirs is in it
  createdAt: string;
  firstName: string;
  /** The customer's language (Customer.locale), from their market: the French customers read French. */
  locale: string;
  /** Customer.verifiedEmail: Shopify says the customer proved their e-mail (every demo customer, unless a shop says otherwise). */
  verifiedEmail?: boolean;
}

export interface DemoProduct {
  id: string;
  gid: string;
  /** Every demo product has one variant (Shopify's default variant). */
  variantId: string;
  variantGid: string;
  /** ProductVariant.barcode: a GTIN for most, and the kinds of barcode a merchant really types for a few (a SKU, a typo, none). */
  barcode: string | null;
  handle: string;
  title: string;
  description: string;
  vendor: string;
  productType: string;
  tags: string[];
  prices: Record<CurrencyCode, string>;
  art: { shape: Shape; background: string; main: string; accent: string };
  imageFiles: string[]; // served by the stub under /images/
}

export interface DemoLineItem {
  product: DemoProduct;
  quantity: number;
  unitPrice: { amount: string; currencyCode: CurrencyCode };
}

export interface DemoOrder {
  name: string;
  createdAt: string;
  lineItems: DemoLineItem[];
}

const MARKET_CURRENCY: Record<string, CurrencyCode> = {
  DE: "EUR",
  FR: "EUR",
  IT: "EUR",
  ES: "EUR",
  NL: "EUR",
  IE: "EUR",
  AT: "EUR",
  GR: "EUR",
  GB: "GBP",
  US: "USD",
  JP: "JPY",
  KW: "KWD",
};

const MARKET_LOCALE: Record<string, string> = {
  DE: "de",
  FR: "fr",
  IT: "it",
  ES: "es",
  NL: "nl",
  IE: "en-IE",
  AT: "de-AT",
  GR: "el",
  GB: "en-GB",
  US: "en-US",
  JP: "ja",
  KW: "ar",
};

const customerSeeds: [name: string, email: string, phone: string | null, country: string, createdAt: string][] = [
  ["Anna Schmidt", "anna.schmidt@example.com", "+4915112345678", "DE", "2023-02-14T09:26:53Z"],
  ["Lukas Becker", "lukas.becker@example.org", "+4917623456789", "DE", "2023-04-03T17:12:08Z"],
  ["Chloé Martin", "chloe.martin@example.com", "+33612345678", "FR", "2023-05-21T11:45:30Z"],
  ["Hugo Lefèvre", "hugo.lefevre@example.org", null, "FR", "2024-01-09T08:03:41Z"],
  ["Sofia Rossi", "sofia.rossi@example.com", "+393471234567", "IT", "2023-07-30T19:58:12Z"],
  ["Mateo García", "mateo.garcia@example.org", "+34612345678", "ES", "2024-03-17T13:20:05Z"],
  ["Emma de Vries", "emma.devries@example.com", "+31612345678", "NL", "2023-09-02T10:10:10Z"],
  ["Liam O'Connor", "liam.oconnor@example.org", "+353851234567", "IE", "2024-06-11T15:37:22Z"],
  ["Olivia Bennett", "olivia.bennett@example.com", "+447700900123", "GB", "2023-01-27T12:00:47Z"],
  ["Harry Patel", "harry.patel@example.org", "+447700900456", "GB", "2023-11-05T18:44:19Z"],
  ["Amelia Clarke", "amelia.clarke@example.com", null, "GB", "2024-08-23T07:55:36Z"],
  ["James Carter", "james.carter@example.com", "+12025550143", "US", "2023-03-08T22:14:03Z"],
  ["Mia Thompson", "mia.thompson@example.org", "+13105550178", "US", "2023-10-16T16:29:58Z"],
  ["Noah Williams", "noah.williams@example.com", null, "US", "2024-02-29T09:09:09Z"],
  ["Ava Johnson", "ava.johnson@example.org", "+16175550122", "US", "2024-10-01T14:48:27Z"],
  ["Yuki Tanaka", "yuki.tanaka@example.com", "+819012345678", "JP", "2023-06-12T03:33:16Z"],
  ["Haruto Sato", "haruto.sato@example.org", "+818023456789", "JP", "2024-04-25T05:17:44Z"],
  ["Sakura Yamamoto", "sakura.yamamoto@example.com", null, "JP", "2024-11-19T02:41:50Z"],
  ["Fatima Al-Sabah", "fatima.alsabah@example.com", "+96550012345", "KW", "2023-12-02T10:22:31Z"],
  ["Omar Al-Mutairi", "omar.almutairi@example.org", "+96560012345", "KW", "2024-07-07T20:05:12Z"],
  ["Felix Gruber", "felix.gruber@example.com", "+436641234567", "AT", "2023-08-19T06:50:38Z"],
  ["Elena Papadopoulou", "elena.papadopoulou@example.org", "+306912345678", "GR", "2024-09-14T11:11:55Z"],
  ["Jonas Wagner", "jonas.wagner@example.com", null, "DE", "2025-01-06T13:02:27Z"],
  ["Clara Hoffmann", "clara.hoffmann@example.org", "+4915298765432", "DE", "2025-02-18T17:36:04Z"],
];

export const DEMO_CUSTOMERS: readonly DemoCustomer[] = customerSeeds.map(([name, email, phone, country, createdAt], i) => {
  const id = String(7_481_263_317_071 + i * 65_537);
  return {
    id,
    gid: `gid://shopify/Customer/${id}`,
    name,
    email,
    phone,
    currency: MARKET_CURRENCY[country]!,
    createdAt,
    firstName: name.split(" ")[0]!,
    locale: MARKET_LOCALE[country]!,
  };
});

type ProductSeed = [
  title: string,
  vendor: string,
  productType: string,
  tags: string[],
  eurPrice: number,
  description: string,
  art: DemoProduct["art"],
  images: number,
];

const productSeeds: ProductSeed[] = [
  [
    "Aurora Ceramic Mug",
    "Nordlys Studio",
    "Drinkware",
    ["ceramic", "handmade", "kitchen", "gift"],
    24.9,
    "A hand-thrown stoneware mug with a northern-lights glaze. Holds 350 ml and is dishwasher safe.",
    { shape: "mug", background: "#e8f1f8", main: "#3a6ea5", accent: "#7fd1b9" },
    2,
  ],
  [
    "Trailrunner GTX Sneakers",
    "Alpen Motion",
    "Shoes",
    ["running", "waterproof", "outdoor", "unisex"],
    189.9,
    "Lightweight trail runners with a waterproof membrane and a grippy lugged sole. Built for wet mountain paths.",
    { shape: "shoe", background: "#fdf0e6", main: "#e4572e", accent: "#2e282a" },
    3,
  ],
  [
    "Meridian Automatic Watch",
    "Kessler & Sohn",
    "Watches",
    ["automatic", "stainless steel", "sapphire", "limited"],
    649,
    "A 39 mm automatic watch with a sapphire crystal and a 42-hour power reserve. Each piece is numbered.",
    { shape: "watch", background: "#eef0f2", main: "#44505c", accent: "#a47148" },
    3,
  ],
  [
    "Canvas Rolltop Backpack",
    "Harbor & Pine",
    "Bags",
    ["canvas", "commuter", "laptop", "waxed"],
    129,
    "A waxed-canvas rolltop with a padded 16-inch laptop sleeve. Expands from 20 to 26 litres.",
    { shape: "backpack", background: "#f3efe4", main: "#5b6b3c", accent: "#c2a878" },
    2,
  ],
  [
    "Studio ANC Headphones",
    "Sonora Audio",
    "Audio",
    ["wireless", "noise cancelling", "bluetooth", "travel"],
    279,
    "Over-ear headphones with adaptive noise cancelling and 40 hours of battery life. They fold flat for travel.",
    { shape: "headphones", background: "#ece9f7", main: "#2b2d42", accent: "#8d99ae" },
    2,
  ],
  [
    "Hinoki Bath Candle",
    "Kōbō Kyoto",
    "Home Fragrance",
    ["candle", "soy wax", "hinoki", "relax"],
    32,
    "A soy-wax candle scented with Japanese cypress and yuzu. Burns for about 45 hours.",
    { shape: "candle", background: "#f7f2e8", main: "#d9c5a0", accent: "#6b8f71" },
    1,
  ],
  [
    "Matcha Ceremony Set",
    "Uji Hikari",
    "Tea",
    ["matcha", "tea", "ceramic", "gift set"],
    89,
    "A ceremonial-grade matcha tin with a hand-glazed chawan and a bamboo whisk. Everything for the first bowl.",
    { shape: "bowl", background: "#eef5e9", main: "#3f4a3c", accent: "#8cbf3f" },
    3,
  ],
  [
    "Linen Field Notebook",
    "Quire & Co.",
    "Stationery",
    ["notebook", "linen", "dot grid", "a5"],
    21.5,
    "An A5 notebook bound in washed linen with 192 pages of dot-grid paper. Lies flat when open.",
    { shape: "notebook", background: "#f6efe9", main: "#b5838d", accent: "#6d6875" },
    1,
  ],
  [
    "Tortoiseshell Sunglasses",
    "Brightwater Optics",
    "Eyewear",
    ["sunglasses", "polarized", "acetate", "uv400"],
    165,
    "Round acetate frames with polarised UV400 lenses. Made in small batches.",
    { shape: "glasses", background: "#fff4e0", main: "#7b4b2a", accent: "#3d5a80" },
    2,
  ],
  [
    "Fjell Steel Bottle 750 ml",
    "Fjell Gear",
    "Outdoor",
    ["insulated", "steel", "hiking", "bpa free"],
    34.95,
    "A double-walled steel bottle that keeps drinks cold for 24 hours or hot for 12.",
    { shape: "bottle", background: "#e6f4f1", main: "#1b998b", accent: "#2d3047" },
    1,
  ],
  [
    "Maple Cruiser Skateboard",
    "Pacific Drift",
    "Sports",
    ["skateboard", "maple", "cruiser", "street"],
    145,
    "A 31-inch cruiser with a seven-ply Canadian maple deck and soft 60 mm wheels.",
    { shape: "skateboard", background: "#fef6e4", main: "#c1121f", accent: "#f4a261" },
    2,
  ],
  [
    "Terracotta Plant Pot",
    "Casa Verde",
    "Garden",
    ["terracotta", "planter", "indoor", "handmade"],
    39,
    "A hand-thrown terracotta pot with a drainage saucer, 18 cm across.",
    { shape: "plant", background: "#f1f7ed", main: "#c8553d", accent: "#588157" },
    1,
  ],
  [
    "Oud & Amber Eau de Parfum",
    "Dar Al Oud",
    "Fragrance",
    ["perfume", "oud", "amber", "unisex"],
    118,
    "A warm eau de parfum of agarwood, amber and saffron. 50 ml in a weighted glass flacon.",
    { shape: "perfume", background: "#f8efe4", main: "#e9c46a", accent: "#7f4f24" },
    2,
  ],
  [
    "Merino Crew Sweater",
    "Highland Knit Co.",
    "Apparel",
    ["merino", "knitwear", "sweater", "winter"],
    110,
    "A fine-gauge crew neck knitted from Scottish-spun merino. Soft enough to wear next to the skin.",
    { shape: "sweater", background: "#eaf0f6", main: "#264653", accent: "#e9c46a" },
    3,
  ],
];

/** Local prices from a euro price, rounded the way shops price for each market. */
function localPrices(eur: number): Record<CurrencyCode, string> {
  const charm = (value: number) => (Math.max(1, Math.round(value)) - 0.01).toFixed(2);
  return {
    EUR: eur.toFixed(2),
    USD: charm(eur * 1.1),
    GBP: charm(eur * 0.86),
    JPY: String(Math.max(100, Math.round((eur * 160) / 100) * 100)),
    KWD: Math.max(0.5, Math.round(eur * 0.33 * 2) / 2).toFixed(3),
  };
}

const slug = (title: string) =>
  title
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** GS1's mod-10 check digit (weights 3, 1, 3… from the right). */
function checkDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[digits.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

/**
 * The demo variants' barcodes, under GS1's example company prefix 950600: GTIN-13s, a UPC-A (12 digits)
 * and an EAN-8; the candle's is a SKU, the matcha set's has a wrong check digit and the notebook has none,
 * so the admin's report of barcodes that are not GTINs shows.
 */
function demoBarcode(title: string, i: number): string | null {
  const gtin13 = (reference: string) => reference + checkDigit(reference);
  if (title === "Meridian Automatic Watch") return "9506000134352";
  if (title === "Trailrunner GTX Sneakers") return gtin13("03600029145");
  if (title === "Tortoiseshell Sunglasses") return gtin13("9638507");
  if (title === "Hinoki Bath Candle") return "HB-CANDLE-01";
  if (title === "Linen Field Notebook") return null;
  const valid = gtin13(`950600014${String(100 + i)}`);
  if (title === "Matcha Ceremony Set") return valid.slice(0, -1) + ((Number(valid.at(-1)) + 1) % 10);
  return valid;
}

export const DEMO_PRODUCTS: readonly DemoProduct[] = productSeeds.map(
  ([title, vendor, productType, tags, eur, description, art, images], i) => {
    const id = String(9_104_527_360_022 + i * 104_729);
    const variantId = String(48_213_005_120_001 + i * 7_919);
    const handle = slug(title);
    return {
      id,
      gid: `gid://shopify/Product/${id}`,
      variantId,
      variantGid: `gid://shopify/ProductVariant/${variantId}`,
      barcode: demoBarcode(title, i),
      handle,
      title,
      description,
      vendor,
      productType,
      tags,
      prices: localPrices(eur),
      art,
      imageFiles: Array.from({ length: images }, (_, n) => `${handle}-${n + 1}.svg`),
    };
  },
);

export interface DemoCollection {
  id: string;
  gid: string;
  title: string;
  /** Titles of the demo products in it. */
  productTitles: string[];
}

/** A few collections, so issuing rules can match by collection (a product may be in several). */
export const DEMO_COLLECTIONS: readonly DemoCollection[] = (
  [
    ["Limited editions", ["Meridian Automatic Watch", "Tortoiseshell Sunglasses", "Oud & Amber Eau de Parfum"]],
    ["Outdoor", ["Trailrunner GTX Sneakers", "Canvas Rolltop Backpack", "Fjell Steel Bottle 750 ml", "Maple Cruiser Skateboard"]],
    ["Gift ideas", ["Aurora Ceramic Mug", "Hinoki Bath Candle", "Matcha Ceremony Set", "Linen Field Notebook", "Meridian Automatic Watch"]],
  ] as const
).map(([title, productTitles], i) => {
  const id = String(642_150_400_001 + i * 131);
  return { id, gid: `gid://shopify/Collection/${id}`, title, productTitles: [...productTitles] };
});

/** The GIDs of the collections a product is in. */
export const collectionsOf = (product: DemoProduct): string[] =>
  DEMO_COLLECTIONS.filter((collection) => collection.productTitles.includes(product.title)).map((collection) => collection.gid);

/** mulberry32: a tiny seeded generator, so the orders are the same on every run. */
function seeded(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LAST_ORDER_AT = Date.parse("2025-06-30T18:00:00Z");
const isoSeconds = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(".000Z", "Z");

function generateOrders(): Map<string, DemoOrder[]> {
  const random = seeded(20250630);
  const pick = (n: number) => Math.floor(random() * n);
  // People buy cheap things by the handful, dear ones mostly one at a time.
  const quantityOf = (product: DemoProduct) => {
    const everyday = Number(product.prices.EUR) < 100;
    return random() < (everyday ? 0.45 : 0.1) ? 2 + pick(everyday ? 3 : 1) : 1;
  };
  const drafts = DEMO_CUSTOMERS.flatMap((customer) => {
    const since = Date.parse(customer.createdAt);
    return Array.from({ length: 1 + pick(4) }, () => {
      const pool = [...DEMO_PRODUCTS];
      const products = Array.from({ length: 1 + pick(3) }, () => pool.splice(pick(pool.length), 1)[0]!);
      return {
        customer,
        createdAt: since + pick(LAST_ORDER_AT - since),
        lineItems: products.map((product): DemoLineItem => ({
          product,
          quantity: quantityOf(product),
          unitPrice: { amount: product.prices[customer.currency], currencyCode: customer.currency },
        })),
      };
    });
  });
  // Order numbers follow the shop's timeline: #1001 is the oldest order.
  drafts.sort((a, b) => a.createdAt - b.createdAt);
  const byCustomer = new Map<string, DemoOrder[]>(DEMO_CUSTOMERS.map((customer) => [customer.id, []]));
  drafts.forEach((draft, i) => {
    byCustomer
      .get(draft.customer.id)!
      .unshift({ name: `#${1001 + i}`, createdAt: isoSeconds(draft.createdAt), lineItems: draft.lineItems });
  });
  return byCustomer;
}

/** Each customer's orders, newest first. */
export const DEMO_ORDERS: ReadonlyMap<string, readonly DemoOrder[]> = generateOrders();

export interface ShopProduct extends DemoProduct {
  onlineStoreUrl: string;
  images: string[];
}

export interface ShopCustomer extends DemoCustomer {
  orders: { name: string; createdAt: string; lineItems: (DemoLineItem & { product: ShopProduct })[] }[];
}

/** The whole demo shop, with image URLs pointing at the stub serving it. */
export function buildDemoData(stubBaseUrl: string): { customers: ShopCustomer[]; products: ShopProduct[] } {
  const base = stubBaseUrl.replace(/\/$/, "");
  const products = DEMO_PRODUCTS.map((product): ShopProduct => ({
    ...product,
    onlineStoreUrl: `https://${DEMO_SHOP_DOMAIN}/products/${product.handle}`,
    images: product.imageFiles.map((file) => `${base}/images/${file}`),
  }));
  const byId = new Map(products.map((product) => [product.id, product]));
  const customers = DEMO_CUSTOMERS.map((customer): ShopCustomer => ({
    ...customer,
    orders: DEMO_ORDERS.get(customer.id)!.map((order) => ({
      ...order,
      lineItems: order.lineItems.map((item) => ({ ...item, product: byId.get(item.product.id)! })),
    })),
  }));
  return { customers, products };
}
