import { Card, Page, PageHeader } from "@hosting-portal/shared-ui";
import { useProductPages } from "../features/products/api/get-products";
import { CreateProductForm } from "../features/products/components/create-product-form";
import { ProductsTable } from "../features/products/components/products-table";
import { typeFilter } from "../lib/admin-list";
import { SearchableList } from "../lib/admin-list-view";

/** The filter AdminProductQuery takes besides the search. */
const filters = [typeFilter];

/** /admin/products (SPEC §2): ordered by type then price; create and remove. */
export default function ProductsPage() {
  return (
    <Page>
      <PageHeader title="Manage Products" description="The VPS and dedicated catalogue." />
      <CreateProductForm />
      <Card title="Catalogue">
        <SearchableList
          filters={filters}
          usePages={useProductPages}
          rowsOf={(page) => page.products}
          noun="product"
          searchDescription="Part of the product's name"
        >
          {(rows) => <ProductsTable products={rows} />}
        </SearchableList>
      </Card>
    </Page>
  );
}
