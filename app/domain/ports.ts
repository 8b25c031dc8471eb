import type { CertificateLayout, IllustratedCertificate } from "./certificate";

/**
 * What the domain needs from outside, declared here and filled by adapters in
 * app/wiring/services.server.ts at boot: the domain imports no adapter, reads no
 * environment and knows no HTTP (eslint.config.js enforces it).
 */

/** On-chain issuing as the domain sees it: where NFTs go, and the address each one will have. */
export interface ChainIssuer {
  /** The Solana cluster NFTs are minted on, e.g. `devnet`. */
  readonly cluster: string;
  /** The issuer account that pays for and signs every mint. */
  readonly issuerAddress: string;
  /** The mint address of an NFT record: derived, so it is known (and stored) before any send. */
  mintAddressFor(nftId: string): string;
}

export interface ChainPorts {
  /** The issuer of this server, or null when chain issuing is off. */
  issuer(): ChainIssuer | null;
  /** A page a person can open to see an address on a Solana explorer. */
  explorerAddressUrl(cluster: string, address: string): string;
}

/** Where the app can be reached from outside. */
export interface PublicUrls {
  /** The app's public URL, no trailing slash: NFT metadata is served under it. */
  appUrl(): string;
  /** The storefront path of the app proxy, e.g. `/apps/twincards`: claim links point under it. */
  proxyPath(): string;
}

/** Claim messages the notifications adapter wrote to local files (no provider configured: demo, development). */
export interface LocalMessageCopies {
  /** Whether a notification's provider message id names a local copy. */
  isLocalCopy(providerMessageId: string | null): boolean;
  /** The copy's text, or null when there is none (not a local copy, missing, or not one the adapter could have written). */
  read(providerMessageId: string | null): Promise<string | null>;
}

/** Webhook endpoints' signing secrets, sealed at rest, and where endpoints may point. */
export interface WebhookPorts {
  /** The secret as stored: encrypted with a key the database does not hold. */
  sealSecret(secret: string): string;
  /** The secret to sign with, from what sealSecret stored. */
  openSecret(sealed: string): string;
  /** Whether http:// to a loopback address is allowed (demo and test servers only). */
  loopbackAllowed(): boolean;
}

/** The shops' NFC tag master keys, sealed at rest as webhook secrets are, with a key of their own (decision 0063). */
export interface TagKeyPorts {
  /** The 16-byte key as stored: encrypted with a key the database does not hold. */
  seal(masterKey: Buffer): string;
  /** The key from what `seal` stored. */
  open(sealed: string): Buffer;
}

/**
 * A claim message's code and link, sealed at rest once the message is sent (decision 0071): the clear
 * code leaves the outbox (0009), yet a resend or an expiry reminder can send the same code again.
 */
export interface ClaimCodePorts {
  seal(text: string): string;
  open(sealed: string): string;
}

/** What an image URL answered: usable as a logo in e-mail, or why not (in the domain's English). */
export type ImageProbe = { ok: true; contentType: string } | { ok: false; reason: string };

/** An image read whole, or why not (in the domain's English). */
export type ImageFetched = { ok: true; contentType: string; bytes: Buffer } | { ok: false; reason: string };

/** Images on the web the merchant points at (a logo for claim messages, an item's picture). */
export interface ImagePorts {
  /** Fetches the URL once and says whether it is an image e-mail clients show. */
  probe(url: string): Promise<ImageProbe>;
  /** Fetches a PNG, JPEG, GIF or WebP image of at most `maxBytes`, with the same guards as `probe`. */
  fetch(url: string, maxBytes: number): Promise<ImageFetched>;
}

/** Printable certificates drawn as a PDF document (app/adapters/pdf). */
export interface CertificatePorts {
  /** One PDF: a page per certificate, or label sheets of four. Pictures it cannot embed are left out. */
  render(certificates: IllustratedCertificate[], layout: CertificateLayout): Promise<Uint8Array>;
}

/** Apple's pass styles an item's pass may take (chosen per kind of item in Settings). */
export const WALLET_PASS_STYLES = ["generic", "eventTicket"] as const;
export type WalletPassStyle = (typeof WALLET_PASS_STYLES)[number];

/** One field of a pass: a label and its text. */
export interface WalletPassField {
  key: string;
  label: string;
  value: string;
}

/**
 * Everything an Apple Wallet pass shows, built field by field from public data
 * (app/domain/wallet-passes.server.ts): the adapter only lays it out and signs it.
 */
export interface WalletPassContent {
  /** Stable per item (its id): a later pass update replaces this one on the phone. */
  serialNumber: string;
  style: WalletPassStyle;
  organizationName: string;
  /** What VoiceOver reads for the pass. */
  description: string;
  logoText: string;
  /** #RRGGBB each. */
  colors: { background: string; foreground: string; label: string };
  primaryFields: WalletPassField[];
  secondaryFields: WalletPassField[];
  auxiliaryFields: WalletPassField[];
  backFields: WalletPassField[];
  /** The QR code: the item's public verification page; none on a void pass or one given away (decision 0047). */
  barcode: { message: string; altText: string } | null;
  /** A void pass or one given away: Wallet greys it out and moves it to its expired passes (Apple's `voided`). */
  voided: boolean;
  /** Where the pass asks for its updates, and its authentication token; null while updates are off. */
  webService: { url: string; authenticationToken: string } | null;
  /** The shop's logo and the item's picture as fetched (PNG, JPEG, GIF or WebP), null when unreadable or none. */
  logo: ImageFetchedBytes | null;
  thumbnail: ImageFetchedBytes | null;
  /**
   * Apple's localized strings: for each language (`fr`), what each text of the pass reads in it.
   * The pass's own texts are in the viewer's language and are the keys (issue 39, item 3).
   */
  localizations: Record<string, Record<string, string>>;
}

export interface ImageFetchedBytes {
  contentType: string;
  bytes: Buffer;
}

/**
 * Why a wallet is off, for each reader in their language: `key` names the reason (the admin's words
 * `walletPasses.problems.<key>`, `googleWallet.problems.<key>`), `values` fill it in, and `text` is the
 * English the operator reads in the start-up line.
 */
export interface ConfigProblem {
  key: string;
  values: Record<string, string>;
  text: string;
}

/** Passes can be signed (`on`), or not, with what the operator must configure. */
export type WalletPassSetup =
  | {
      on: true;
      passTypeIdentifier: string;
      /** Whether passes carry Apple's web service (APNs token auth configured, decision 0047). */
      updatable: boolean;
    }
  | { on: false; missing: string[]; problem: ConfigProblem | null };

export interface WalletPassPorts {
  setup(): WalletPassSetup;
  /** The signed `.pkpass` archive; images that cannot be converted are left out. Throws when setup() is off. */
  sign(content: WalletPassContent): Promise<Buffer>;
}

/** A Google Wallet object's text module: a heading and its text. */
export interface GoogleWalletText {
  id: string;
  header: string;
  body: string;
}

/**
 * Everything a Google Wallet Generic object shows (decision 0048), built field by field from the
 * same public data as an Apple pass: the adapter lays it out as Google's class and object.
 */
export interface GoogleWalletContent {
  /** `<issuer id>.<item id>-<random>`, stable for one item and holder: updates address it. */
  objectId: string;
  /** The language of the object's words (en, fr). */
  language: string;
  /** The shop's class, `<issuer id>.<safe shop id>`. */
  classId: string;
  /** ACTIVE while held; INACTIVE once void or given away (Google moves it to expired passes). */
  state: "ACTIVE" | "INACTIVE";
  /** The shop's name (the pass's top line). */
  cardTitle: string;
  /** The item's kind ("Card", "Digital twin") above its name. */
  subheader: string;
  /** The item's name. */
  header: string;
  /** #RRGGBB. */
  backgroundColor: string;
  /** Picture URLs Google fetches itself, each read once through the images port first; null when unreadable or none. */
  logo: { url: string; description: string } | null;
  heroImage: { url: string; description: string } | null;
  textModules: GoogleWalletText[];
  /** The QR code: the item's public verification page; none once void or given away. */
  barcode: { value: string; alternateText: string } | null;
}

/** Google Wallet can be offered (`on`), or not, with what the operator must configure. */
export type GoogleWalletSetup = { on: true; issuerId: string } | { on: false; missing: string[]; problem: ConfigProblem | null };

export interface GoogleWalletPorts {
  setup(): GoogleWalletSetup;
  /** `https://pay.google.com/gp/v/save/<JWT>`: the class and object signed with the service account's key. Throws when off. */
  saveLink(content: GoogleWalletContent, origins: string[]): Promise<string>;
}

/** The plans the app sells through Shopify's Billing API (decision 0050). */
export interface BillingPlans {
  /** The free plan: `monthlyItems` live cards and twins a calendar month (UTC). */
  free: { name: string; monthlyItems: number };
  /** The paid plan: no cap, billed every 30 days after its trial. */
  paid: { name: string; amount: number; currencyCode: string; trialDays: number };
}

export interface BillingPorts {
  /** The plans, or null when billing is off (none configured): nothing is capped. */
  plans(): BillingPlans | null;
  /** The admin page where the shop's merchant upgrades (Settings). */
  upgradeUrl(shop: string): string;
}

/** What Shopify says of a customer that the app's words need: their language and how to greet them. */
export interface CustomerFacts {
  locale: string | null;
  firstName: string | null;
  /** Their e-mail in Shopify: where a giver is told their gift was claimed (issue 39, item 9). */
  email: string | null;
  /**
   * Their default e-mail address only when Shopify says they verified it (`Customer.verifiedEmail`),
   * else null: the one address a pending card sent there may be claimed with, without its code
   * (issue 39, item 7). Absent: not asked.
   */
  verifiedEmail?: string | null;
}

/** What Shopify says of a shop's customers, read when a page or a gift needs it; null when unknown or Shopify could not be asked. */
export interface CustomerPorts {
  /** The customer with this numeric id. */
  about(shop: string, customerId: string): Promise<CustomerFacts | null>;
  /** The customer whose e-mail (any case) or phone is exactly this one. */
  byContact(shop: string, contact: { email?: string; phone?: string }): Promise<CustomerFacts | null>;
}

/** The locales a shop publishes on its storefront (primary first), from Shopify; null when Shopify could not be asked. */
export interface ShopLanguagePorts {
  published(shop: string): Promise<string[] | null>;
}

export interface DomainPorts {
  chain: ChainPorts;
  urls: PublicUrls;
  localMessages: LocalMessageCopies;
  webhooks: WebhookPorts;
  tagKeys: TagKeyPorts;
  claimCodes: ClaimCodePorts;
  images: ImagePorts;
  certificates: CertificatePorts;
  walletPasses: WalletPassPorts;
  googleWallet: GoogleWalletPorts;
  billing: BillingPorts;
  customers: CustomerPorts;
  shopLanguages: ShopLanguagePorts;
}

let wired: DomainPorts | undefined;

/** Called once at boot by app/wiring/services.server.ts (and by test setup). */
export function wireDomain(ports: DomainPorts): void {
  wired = ports;
}

/** The ports the process was wired with. */
export function ports(): DomainPorts {
  if (!wired) throw new Error("The domain's ports are not wired: call wireServices() from app/wiring/services.server.ts at boot");
  return wired;
}
