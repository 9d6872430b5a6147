import type { ProductType } from "@contracts/common.ts";
import { ShopMessages } from "@contracts/shop.ts";
import { Page, PageHeader } from "@hosting-portal/shared-ui";
import { ProductCatalog } from "./product-catalog";

/** What the page of each product type says above and instead of its cards. */
const catalogues: Record<ProductType, { title: string; description: string; emptyText: string }> = {
  vps: {
    title: "VPS Products",
    description: "Virtual private servers, billed monthly in credits.",
    emptyText: ShopMessages.emptyVps,
  },
  dedicated: {
    title: "Dedicated Servers",
    description: "Bare-metal servers, billed monthly in credits.",
    emptyText: ShopMessages.emptyDedicated,
  },
};

/** The page of one product type (SPEC §2 /products/vps, /products/dedicated). */
export function CataloguePage({ type }: { type: ProductType }) {
  const { title, description, emptyText } = catalogues[type];
  return (
    <Page>
      <PageHeader title={title} description={description} />
      <ProductCatalog type={type} emptyText={emptyText} />
    </Page>
  );
}
