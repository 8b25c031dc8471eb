import { productBlock } from "~/domain/product-block.server";
import { adminExtData, adminExtRoute } from "~/faces/admin-ext/admin-ext-route.server";
import { appLink } from "~/faces/admin-ext/admin-ext-shapes.server";
import { productOf } from "~/faces/admin-ext/product-block.server";

// GET /admin-ext/products/:id: the product page block (its twins, the rules issuing for it, its variants' GTINs).
export const loader = adminExtRoute({
  GET: async ({ params, shop, graphql }) => {
    const product = await productOf(graphql, params.id);
    const block = await productBlock(shop, product);
    return adminExtData({
      product: { id: product.id, title: product.title, variantCount: product.variantCount },
      twins: { ...block.twins, latest: block.twins.latest.map((twin) => ({ ...twin, url: appLink(`app/twins/${twin.id}`) })) },
      rules: block.rules.map((rule) => ({ ...rule, url: appLink(`app/automation/${rule.id}`) })),
      variants: block.variants,
    });
  },
});
export const action = loader;
