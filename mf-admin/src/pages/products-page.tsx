import { Card, Page, PageHeader } from "@hosting-portal/shared-ui";
import { useProductPages } from "../features/products/api/get-products";
import { CreateProductForm } from "../features/products/components/create-product-form";
import { ProductsTable } from "../features/products/components/products-table";
import { type ListFilter, useListParams } from "../lib/admin-list";
import { ListBody, ListToolbar } from "../lib/admin-list-view";

/** The filter AdminProductQuery takes besides the search. */
const filters: readonly ListFilter[] = [
  {
    name: "type",
    label: "Filter by type",
    anyLabel: "All types",
    options: [
      { value: "vps", label: "VPS" },
      { value: "dedicated", label: "Dedicated" },
    ],
  },
];

/** /admin/products (SPEC §2): ordered by type then price; create and remove. */
export default function ProductsPage() {
  const params = useListParams(filters);
  const products = useProductPages(params.query);
  return (
    <Page>
      <PageHeader title="Manage Products" description="The VPS and dedicated catalogue." />
      <CreateProductForm />
      <Card title="Catalogue">
        <ListToolbar
          params={params}
          filters={filters}
          searchLabel="Search products"
          searchDescription="Part of the product's name"
        />
        <ListBody
          pages={products}
          rowsOf={(page) => page.products}
          params={params}
          noun={{ one: "product", other: "products" }}
          errorTitle="Could not load products"
        >
          {(rows) => <ProductsTable products={rows} />}
        </ListBody>
      </Card>
    </Page>
  );
}
