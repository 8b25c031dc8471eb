/** A shop's choices in the admin, one row per shop (absent until the first choice: every field has a default). */
export interface ShopSetupRecord {
  shop: string;
  /** First time a theme block loaded the customer's cards through the app proxy. */
  storefrontBlockSeenAt: Date | null;
  /** When the merchant confirmed Shopify approved NFT distribution; null holds every mint. */
  nftApprovedAt: Date | null;
  verifyPagesIndexed: boolean;
  /** THEME | ACCOUNT */
  claimLinkTarget: string;
  accountPageUrl: string | null;
  viewTestData: boolean;
  /** Apple Wallet pass style of cards and of twins: generic | eventTicket (decision 0045). */
  passStyleCard: string;
  passStyleTwin: string;
  /** The pass's colours, #RRGGBB. */
  passBackgroundColor: string;
  passForegroundColor: string;
  passLabelColor: string;
  /** Days before a code expires that its reminder goes (decision 0071); 0: none. */
  reminderDays: number;
}

/** The choices a merchant changes; the others stay as they are (or their defaults for a new row). */
export type ShopSetupChoices = Partial<
  Pick<
    ShopSetupRecord,
    | "nftApprovedAt"
    | "verifyPagesIndexed"
    | "claimLinkTarget"
    | "accountPageUrl"
    | "viewTestData"
    | "passStyleCard"
    | "passStyleTwin"
    | "passBackgroundColor"
    | "passForegroundColor"
    | "passLabelColor"
    | "reminderDays"
  >
>;

/** What the app keeps of what Shopify says of a shop, and the merchant's own logo for messages. */
export interface ShopProfileRecord {
  shop: string;
  name: string;
  brandLogoUrl: string | null;
  customLogoUrl: string | null;
  primaryLocale: string;
  timeZone: string;
  contactEmail: string | null;
  primaryDomain: string | null;
  shopId: string | null;
  /** When Shopify was last asked; the epoch for a row made before it ever was. */
  refreshedAt: Date;
}

/** What Shopify says of a shop (a profile without the merchant's logo). */
export type ShopFactsRecord = Omit<ShopProfileRecord, "shop" | "customLogoUrl">;

/** A shop's own wording of its claim messages in one language. */
export interface MessageTemplateRecord {
  shop: string;
  language: string;
  subject: string;
  emailBody: string;
  smsBody: string;
}

export interface SettingsStore {
  setup(shop: string): Promise<ShopSetupRecord | null>;
  /** Makes the shop's row with these choices, or changes them in it; the row as it is now. */
  saveSetup(shop: string, choices: ShopSetupChoices): Promise<ShopSetupRecord>;
  /** The claim-link columns alone (every claim message reads them). */
  claimLinkColumns(shop: string): Promise<Pick<ShopSetupRecord, "claimLinkTarget" | "accountPageUrl"> | null>;
  /** Makes the shop's row when it has none, so the first time a block loaded is kept. */
  markStorefrontBlockSeen(shop: string, at: Date): Promise<void>;

  profile(shop: string): Promise<ShopProfileRecord | null>;
  /** Keeps what Shopify said; the merchant's own logo stays. */
  saveShopFacts(shop: string, facts: ShopFactsRecord): Promise<void>;
  /** The merchant's logo; a shop never read gets `facts` (refreshedAt the epoch: not known) with it. */
  saveCustomLogo(shop: string, url: string | null, factsWhenNew: ShopFactsRecord): Promise<void>;

  messageTemplate(shop: string, language: string): Promise<MessageTemplateRecord | null>;
  saveMessageTemplate(template: MessageTemplateRecord): Promise<void>;
  deleteMessageTemplate(shop: string, language: string): Promise<void>;
  /** The shop's redaction: its profile, setup choices and every wording; how many rows. */
  deleteForShop(shop: string): Promise<number>;
}
