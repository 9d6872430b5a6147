import { Button, Card, EmptyState, Page, PageHeader, Skeleton } from "@hosting-portal/shared-ui";
import { useProducts } from "../features/products/api/get-products";
import { CreateProductForm } from "../features/products/components/create-product-form";
import { ProductsTable } from "../features/products/components/products-table";

/** /admin/products (SPEC §2): ordered by type then price; create and remove. */
export default function ProductsPage() {
  const products = useProducts();
  return (
    <Page>
      <PageHeader title="Manage Products" description="The VPS and dedicated catalogue." />
      <CreateProductForm />
      <Card title="Catalogue">
        {products.isPending ? (
          <Skeleton height="200px" />
        ) : products.isError ? (
          <EmptyState
            title="Could not load products"
            description={products.error.message}
            action={<Button onPress={() => products.refetch()}>Retry</Button>}
          />
        ) : (
          <ProductsTable products={products.data} />
        )}
      </Card>
    </Page>
  );
}
