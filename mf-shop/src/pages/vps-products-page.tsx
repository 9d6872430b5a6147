import { ShopMessages } from "@contracts/shop.ts";
import { Page, PageHeader } from "@hosting-portal/shared-ui";
import { ProductCatalog } from "../features/shop/components/product-catalog";

/** /products/vps (SPEC §2). */
export default function VpsProductsPage() {
  return (
    <Page>
      <PageHeader
        title="VPS Products"
        description="Virtual private servers, billed monthly in credits."
      />
      <ProductCatalog type="vps" emptyText={ShopMessages.emptyVps} />
    </Page>
  );
}
