import type { ProductType } from "@contracts/common.ts";
import { ORDER_PERIOD_DAYS, type Product, ShopMessages } from "@contracts/shop.ts";
import {
  Card,
  ConfirmDialog,
  contractMessage,
  EmptyState,
  formatEur,
  richText,
  Skeleton,
  strong,
  toast,
  useCan,
} from "@hosting-portal/shared-ui";
import { messages, useT } from "../../../i18n";
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
  const t = useT();
  const products = useProducts(type);
  const mayOrder = useCan("order");
  const createOrder = useCreateOrder();
  const { selected, open, dialog } = useConfirmedPayment(createOrder, {
    variables: (product: Product, idempotencyKey) => ({ productId: product.id, idempotencyKey }),
    onPaid: ({ order }) =>
      toast.success(
        contractMessage(ShopMessages.orderSuccessTitle),
        messages.t("orderSuccess", { product: order.product_name, days: ORDER_PERIOD_DAYS }),
      ),
    insufficientCredits: contractMessage(ShopMessages.insufficientCreditsOrder),
    failedTitle: contractMessage(ShopMessages.orderFailedTitle),
  });

  if (products.isPending) {
    return (
      <div className={styles.grid} role="status" aria-busy="true" aria-label={t("loadingProducts")}>
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
    return <EmptyState title={t("productsFailed")} description={products.error.message} />;
  }
  if (products.data.length === 0) return <EmptyState title={emptyText} />;

  return (
    <>
      {mayOrder === false && <p role="note">{t("roleCannotOrder")}</p>}
      <div className={styles.grid}>
        {products.data.map((product) => (
          <ProductCard
            key={product.id}
            product={product}
            onOrder={open}
            mayOrder={mayOrder === true}
          />
        ))}
      </div>
      <ConfirmDialog title={t("confirmOrder")} confirmLabel={t("orderNow")} {...dialog}>
        {selected && (
          <p>
            {richText(
              t("orderTerms", {
                product: selected.name,
                price: formatEur(selected.price),
                days: ORDER_PERIOD_DAYS,
              }),
              [strong, strong],
            )}
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
