// The shop's catalogue as the app sees it through Shopify: the demo products and
// collections every stub shop has, plus products a test adds to one shop only
// (POST /_stub/products), so another shop's id is really another shop's. It answers
// the rule form's target lookup (`node(id)`), the shop's Files
// (`files`), and the resource picker of the demo's App Bridge stand-in
// (GET /_stub/resource-picker) in the shape App Bridge's `resourcePicker` returns.
import { DEMO_COLLECTIONS, type ShopProduct } from "./demo-data";
import { connectionField } from "../shopify-graphql/connection";
import { collectionObject, productObject, variantObject } from "./schema-objects";

interface ExtraProduct {
  id: string;
  gid: string;
  variantGid: string;
  title: string;
}

export type PickerType = "product" | "variant" | "collection";

const PICKER_PAGE = 50;

export function createCatalogue() {
  const extras = new Map<string, ExtraProduct[]>();
  let next = 9_100_000_000_001;

  const extrasOf = (shop: string | undefined) => (shop ? (extras.get(shop) ?? []) : []);

  /** Every product of the shop, as the picker and the lookups see them. */
  function productsOf(shop: string | undefined, products: readonly ShopProduct[]) {
    return [
      ...products.map((product) => ({
        gid: product.gid,
        variantGid: product.variantGid,
        title: product.title,
        handle: product.handle,
        image: product.images[0] ?? null,
      })),
      ...extrasOf(shop).map((product) => ({
        gid: product.gid,
        variantGid: product.variantGid,
        title: product.title,
        handle: product.title.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
        image: null,
      })),
    ];
  }

  return {
    /** Adds a product to one shop only. */
    addProduct(shop: string, title: string) {
      const id = String(next++);
      const product = { id, gid: `gid://shopify/Product/${id}`, variantGid: `gid://shopify/ProductVariant/${id}`, title };
      extras.set(shop, [...extrasOf(shop), product]);
      return product;
    },

    /** `node(id)` for a product, variant or collection of this shop, as the schema's objects; null for another shop's or none. */
    node(shop: string | undefined, id: unknown, products: readonly ShopProduct[]) {
      const demo = products.find((product) => product.gid === id || product.variantGid === id);
      if (demo) return demo.gid === id ? productObject(demo) : variantObject(demo);
      for (const extra of extrasOf(shop)) {
        const product = {
          __typename: "Product",
          id: extra.gid,
          title: extra.title,
          handle: extra.title.toLowerCase(),
          featuredImage: null,
          collections: connectionField(() => []),
          variantsCount: { count: 1, precision: "EXACT" },
          variants: connectionField(() => [
            {
              __typename: "ProductVariant",
              id: extra.variantGid,
              title: "Default Title",
              displayName: `${extra.title} - Default Title`,
              barcode: null,
            },
          ]),
        };
        if (extra.gid === id) return product;
        if (extra.variantGid === id)
          return {
            __typename: "ProductVariant",
            id,
            title: "Default Title",
            displayName: `${extra.title} - Default Title`,
            image: null,
            product,
          };
      }
      return typeof id === "string" ? collectionObject(id) : null;
    },

    /** What App Bridge's `resourcePicker({ type })` resolves to, for the resources matching `query` (the first 50). */
    pickerResources(shop: string | undefined, type: PickerType, query: string, products: readonly ShopProduct[]) {
      const search = query.trim().toLowerCase();
      const matches = (title: string) => !search || title.toLowerCase().includes(search);
      if (type === "collection") {
        return DEMO_COLLECTIONS.filter((collection) => matches(collection.title))
          .slice(0, PICKER_PAGE)
          .map((collection) => ({
            id: collection.gid,
            title: collection.title,
            handle: collection.title.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
            image: null,
            productsCount: collection.productTitles.length,
          }));
      }
      const found = productsOf(shop, products)
        .filter((product) => matches(product.title))
        .slice(0, PICKER_PAGE);
      const images = (product: (typeof found)[number]) =>
        product.image ? [{ id: `${product.gid}/image`, originalSrc: product.image, altText: product.title }] : [];
      const variantOf = (product: (typeof found)[number]) => ({
        id: product.variantGid,
        title: "Default Title",
        displayName: `${product.title} - Default Title`,
        image: null,
        product: { id: product.gid, title: product.title, images: images(product) },
      });
      if (type === "variant") return found.map(variantOf);
      return found.map((product) => ({
        id: product.gid,
        title: product.title,
        handle: product.handle,
        hasOnlyDefaultVariant: true,
        images: images(product),
        variants: [variantOf(product)],
      }));
    },
  };
}

export type Catalogue = ReturnType<typeof createCatalogue>;

/**
 * The shop's Files as Shopify's `files(query:)` finds them, images only (every product picture and the shop's
 * logo), filtered by the words of `query` besides `media_type:IMAGE`, newest first: MediaImage objects.
 */
export function shopFiles(products: readonly ShopProduct[], baseUrl: string, query: unknown) {
  const all = [
    { url: `${baseUrl}/images/logo.png`, alt: "Shop logo", name: "logo.png" },
    ...products.flatMap((product) => product.images.map((url) => ({ url, alt: product.title, name: url.split("/").pop() ?? url }))),
  ].map((file, index) => ({ ...file, id: `gid://shopify/MediaImage/${700_001 + index}` }));
  const words = String(query ?? "")
    .split(/\s+/)
    .filter((word) => word && !word.includes(":"))
    .map((word) => word.toLowerCase());
  return all
    .filter((file) => words.every((word) => `${file.alt} ${file.name}`.toLowerCase().includes(word)))
    .map((file) => ({
      __typename: "MediaImage",
      id: file.id,
      alt: file.alt,
      fileStatus: "READY",
      mediaContentType: "IMAGE",
      image: { __typename: "Image", url: () => file.url, altText: file.alt, width: 400, height: 400 },
    }));
}
