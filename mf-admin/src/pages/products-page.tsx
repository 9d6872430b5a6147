import { Card, Page, PageHeader } from "@hosting-portal/shared-ui";
import { useMemo } from "react";
import { useProductPages } from "../features/products/api/get-products";
import { CreateProductForm } from "../features/products/components/create-product-form";
import { ProductsTable } from "../features/products/components/products-table";
import { useT } from "../i18n";
import { typeFilter } from "../lib/admin-list";
import { SearchableList } from "../lib/admin-list-view";

/** /admin/products (SPEC §2): ordered by type then price; create and remove. */
export default function ProductsPage() {
  const t = useT();
  /** The filter AdminProductQuery takes besides the search, in the page's language. */
  const filters = useMemo(() => [typeFilter(t)], [t]);
  return (
    <Page>
      <PageHeader title={t("products.title")} description={t("products.description")} />
      <CreateProductForm />
      <Card title={t("products.catalogue")}>
        <SearchableList
          filters={filters}
          usePages={useProductPages}
          rowsOf={(page) => page.products}
          noun="product"
          searchDescription={t("products.searchDescription")}
        >
          {(rows) => <ProductsTable products={rows} />}
        </SearchableList>
      </Card>
    </Page>
  );
}
