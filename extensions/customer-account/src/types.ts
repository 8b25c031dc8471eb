// What the app's /customer-account/* routes answer (app/domain/customer-account.server.ts,
// public storefront shapes only).

export interface ChainLine {
  status: "PENDING" | "MINTED" | "HELD" | "FAILED";
  mint: string;
  explorerUrl: string;
}

export interface MetadataEntry {
  key: string;
  value: unknown;
  metaType: string;
}

export interface Card {
  id: string;
  name: string;
  media: { imageUrls: string[]; videoUrls: string[] };
  metadata: MetadataEntry[];
  status: string;
  createdAt: string;
  redeemedAt: string | null;
  chain: ChainLine | null;
}

export interface Twin {
  id: string;
  title: string;
  description: string;
  brand: string;
  quantity: number;
  price: number | null;
  currency: string | null;
  links: string[];
  images: string[];
  uns_name: string;
  createdAt: string;
  chain: ChainLine | null;
}

export interface UniversalName {
  name: string;
  publicKey: string;
}

export interface Holdings {
  cards: Card[];
  twins: Twin[];
  names: UniversalName[];
}

/** What one order issued (GET /customer-account/orders/<id>, app/domain/customer-order-issues.server.ts). */
export interface OrderItem {
  id: string;
  productTitle: string;
  quantity: number;
  status: "ISSUED" | "WAITING" | "CLAIMED" | "VOIDED";
  twin: Twin | null;
  cards: Card[];
}

export interface OrderIssues {
  items: OrderItem[];
}
