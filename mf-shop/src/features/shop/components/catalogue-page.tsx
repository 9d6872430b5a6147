import type { ProductType } from "@contracts/common.ts";
import { ShopMessages } from "@contracts/shop.ts";
import { contractMessage, Page, PageHeader } from "@hosting-portal/shared-ui";
import { useT } from "../../../i18n";
import { ProductCatalog } from "./product-catalog";

/** What the page of each product type says above and instead of its cards. */
const catalogues = {
  vps: { title: "vps.title", description: "vps.description", emptyText: ShopMessages.emptyVps },
  dedicated: {
    title: "dedicated.title",
    description: "dedicated.description",
    emptyText: ShopMessages.emptyDedicated,
  },
} as const satisfies Record<ProductType, unknown>;

/** The page of one product type (SPEC §2 /products/vps, /products/dedicated). */
export function CataloguePage({ type }: { type: ProductType }) {
  const t = useT();
  const { title, description, emptyText } = catalogues[type];
  return (
    <Page>
      <PageHeader title={t(title)} description={t(description)} />
      <ProductCatalog type={type} emptyText={contractMessage(emptyText)} />
    </Page>
  );
}
