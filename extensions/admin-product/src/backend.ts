import { t } from "./i18n";

export interface ProductBlockData {
  product: { id: string; title: string; variantCount: number };
  twins: {
    count: number;
    latest: {
      id: string;
      title: string;
      unsName: string;
      serial: { serialNumber: number; editionSize: number | null } | null;
      url: string;
    }[];
  };
  rules: {
    id: string;
    targetType: string;
    targetTitle: string;
    trigger: string;
    status: string;
    issueTwin: boolean;
    editionSize: number | null;
    issuedCount: number;
    url: string;
  }[];
  variants: { id: string; title: string; barcode: string | null; gtin: string | null; problem: string | null }[];
}

/**
 * The product block's facts from the app's /admin-ext routes. The admin resolves the relative
 * URL against the app's URL and adds the session token; the extension's own translations say
 * which language the merchant's admin is in (`language`).
 */
export async function loadProduct(): Promise<ProductBlockData> {
  const id = (shopify.data.selected[0]?.id ?? "").split("/").pop() ?? "";
  const response = await fetch(`/admin-ext/products/${id}`, { headers: { Accept: "application/json", "Accept-Language": t("language") } });
  const envelope = (await response.json().catch(() => null)) as { data?: ProductBlockData } | null;
  if (!response.ok || envelope?.data === undefined) throw new Error(`${response.status}`);
  return envelope.data;
}
