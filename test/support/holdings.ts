import { createCard } from "~/domain/cards.server";
import { registerName } from "~/domain/names.server";
import { shopifyOwner } from "~/domain/owners";
import { issueTwin } from "~/domain/twins.server";
import { uniqueShop } from "./api";
import { uniqueCustomerId } from "./app-proxy";
import { uniqueName, walletKey } from "./fixtures";

/** A card's fields as a test writes them, with the PRIVATE metadata entry it must never see leave. */
export interface CardFixture {
  fields: { name: string; media: { imageUrls: string[]; videoUrls: string[] }; metadata: object[] };
  secret: { key: string; value: string };
}

/**
 * A customer of a fresh shop who owns a card (with `fixture`'s fields) and a
 * twin issued to their universal name, as a storefront or the customer account sees them.
 */
export async function customerWithHoldings({ fields, secret }: CardFixture, namePrefix: string) {
  const shop = uniqueShop();
  const customerId = uniqueCustomerId();
  const owner = shopifyOwner(customerId);
  const card = await createCard(shop, { ...fields, owner, publicKey: walletKey() });
  const name = await registerName(shop, { name: uniqueName(namePrefix), publicKey: walletKey(), owner });
  const twin = await issueTwin(shop, {
    public_key: name.public_key,
    name_id: name.uns_name_id,
    title: "Limited sneaker",
    description: "Hand-made",
    quantity: 2,
    price: 19.99,
    currency: "USD",
    brand: "Acme",
    categories: ["Shoes"],
    links: ["https://shop.example.com/sneaker"],
    images: ["https://cdn.example.com/sneaker.png"],
  });
  return { shop, customerId, card, name, twin, secret };
}
