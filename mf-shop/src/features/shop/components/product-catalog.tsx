import type { ProductType } from "@contracts/common.ts";
import { ORDER_PERIOD_DAYS, type Product, ShopMessages } from "@contracts/shop.ts";
import {
  Card,
  ConfirmDialog,
  EmptyState,
  formatEur,
  Skeleton,
  toast,
} from "@hosting-portal/shared-ui";
import { useConfirmedPayment } from "../../../lib/confirmed-payment";
import { useCreateOrder } from "../api/create-order";
import { useProducts } from "../api/get-products";
import { ProductCard } from "./product-card";
import * as styles from "./product-card.css";

export interface ProductCatalogProps {
  type: ProductType;
  emptyText: string;
}

/** The product cards of one type and the confirmed purchase of one of them. */
export function ProductCatalog({ type, emptyText }: ProductCatalogProps) {
  const products = useProducts(type);
  const createOrder = useCreateOrder();
  const { selected, open, dialog } = useConfirmedPayment(createOrder, {
    variables: (product: Product, idempotencyKey) => ({ productId: product.id, idempotencyKey }),
    onPaid: ({ order }) =>
      toast.success(ShopMessages.orderSuccessTitle, ShopMessages.orderSuccess(order.product_name)),
    insufficientCredits: ShopMessages.insufficientCreditsOrder,
    failedTitle: ShopMessages.orderFailedTitle,
  });

  if (products.isPending) {
    return (
      <div className={styles.grid} role="status" aria-busy="true" aria-label="Loading products">
        {[0, 1, 2].map((i) => (
          <Card key={i} className={styles.skeletonCard}>
            <Skeleton width="60%" height="1.25rem" />
            <Skeleton width="40%" height="2rem" />
            <Skeleton height="7rem" />
            <Skeleton height="2.25rem" />
          </Card>
        ))}
      </div>
    );
  }
  if (products.isError) {
    return <EmptyState title="Products could not be loaded" description={products.error.message} />;
  }
  if (products.data.length === 0) return <EmptyState title={emptyText} />;

  return (
    <>
      <div className={styles.grid}>
        {products.data.map((product) => (
          <ProductCard key={product.id} product={product} onOrder={open} />
        ))}
      </div>
      <ConfirmDialog title="Confirm order" confirmLabel="Order Now" {...dialog}>
        {selected && (
          <p>
            Order <strong>{selected.name}</strong> for <strong>{formatEur(selected.price)}</strong>?
            The amount is taken from your credit balance and the server is active for{" "}
            {ORDER_PERIOD_DAYS} days.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
