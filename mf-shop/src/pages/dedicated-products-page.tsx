import { ShopMessages } from "@contracts/shop.ts";
import { Page, PageHeader } from "@hosting-portal/shared-ui";
import { ProductCatalog } from "../features/shop/components/product-catalog";

/** /products/dedicated (SPEC §2). */
export default function DedicatedProductsPage() {
  return (
    <Page>
      <PageHeader
        title="Dedicated Servers"
        description="Bare-metal servers, billed monthly in credits."
      />
      <ProductCatalog type="dedicated" emptyText={ShopMessages.emptyDedicated} />
    </Page>
  );
}
