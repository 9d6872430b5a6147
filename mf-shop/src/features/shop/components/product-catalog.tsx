import type { ProductType } from "@contracts/common.ts";
import { ErrorCode } from "@contracts/errors.ts";
import { ORDER_PERIOD_DAYS, type Product, ShopMessages } from "@contracts/shop.ts";
import {
  ApiError,
  Card,
  ConfirmDialog,
  EmptyState,
  formatEur,
  Skeleton,
  toast,
} from "@hosting-portal/shared-ui";
import { useRef, useState } from "react";
import { newIdempotencyKey } from "../../../lib/idempotency-key";
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
  const [selected, setSelected] = useState<Product | null>(null);
  const key = useRef(newIdempotencyKey());

  const open = (product: Product) => {
    key.current = newIdempotencyKey();
    setSelected(product);
  };

  const confirm = () => {
    if (!selected || createOrder.isPending) return;
    createOrder.mutate(
      { productId: selected.id, idempotencyKey: key.current },
      {
        onSuccess: ({ order }) => {
          toast.success(
            ShopMessages.orderSuccessTitle,
            ShopMessages.orderSuccess(order.product_name),
          );
          setSelected(null);
        },
        onError: (error) => {
          // A network failure keeps the key: confirming again cannot buy twice.
          if (!(error instanceof ApiError) || !error.retryable) key.current = newIdempotencyKey();
          if (error instanceof ApiError && error.code === ErrorCode.insufficientCredits) {
            toast.error(
              ShopMessages.insufficientCreditsTitle,
              ShopMessages.insufficientCreditsOrder,
            );
            setSelected(null);
          } else {
            toast.error(ShopMessages.orderFailedTitle, error.message);
          }
        },
      },
    );
  };

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
      <ConfirmDialog
        title="Confirm order"
        isOpen={selected !== null}
        onOpenChange={(isOpen) => !isOpen && !createOrder.isPending && setSelected(null)}
        onConfirm={confirm}
        confirmLabel="Order Now"
        isPending={createOrder.isPending}
      >
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
