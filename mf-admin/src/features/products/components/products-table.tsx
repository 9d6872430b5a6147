import type { AdminProduct } from "@contracts/admin.ts";
import {
  Badge,
  Button,
  Cell,
  Column,
  ConfirmDialog,
  formatEur,
  Row,
  Table,
  TableBody,
  TableHeader,
  toast,
} from "@hosting-portal/shared-ui";
import { useState } from "react";
import * as styles from "../../../lib/admin.css";
import { useRemoveProduct } from "../api/remove-product";

export function ProductsTable({ products }: { products: AdminProduct[] }) {
  const [removing, setRemoving] = useState<AdminProduct | null>(null);
  const remove = useRemoveProduct();
  return (
    <>
      <Table aria-label="Products">
        <TableHeader>
          <Column isRowHeader>Product</Column>
          <Column>Type</Column>
          <Column>Price / month</Column>
          <Column>Specs</Column>
          <Column>Orders</Column>
          <Column>
            <span className={styles.actions}>Actions</span>
          </Column>
        </TableHeader>
        <TableBody
          items={products}
          dependencies={[]}
          emptyText="No products yet. Create the first one above."
        >
          {(p) => (
            <Row id={p.id}>
              <Cell>
                <span className={styles.primaryText}>{p.name}</span>
              </Cell>
              <Cell>
                <Badge tone={p.product_type === "vps" ? "info" : "neutral"}>
                  {p.product_type === "vps" ? "VPS" : "Dedicated"}
                </Badge>
              </Cell>
              <Cell>
                <span className={styles.money}>{formatEur(p.price)}</span>
              </Cell>
              <Cell>
                <div className={styles.stack}>
                  <span>
                    {p.cpu} · {p.ram} · {p.storage}
                  </span>
                  <span className={styles.muted}>
                    {p.uplink} uplink · DDoS: {p.ddos_protection}
                  </span>
                </div>
              </Cell>
              <Cell>{p.orders_count}</Cell>
              <Cell>
                <div className={styles.actions}>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Remove ${p.name}`}
                    onPress={() => setRemoving(p)}
                  >
                    Remove
                  </Button>
                </div>
              </Cell>
            </Row>
          )}
        </TableBody>
      </Table>
      {removing && (
        <ConfirmDialog
          title={`Remove ${removing.name}?`}
          isOpen
          onOpenChange={(open) => !open && setRemoving(null)}
          destructive
          confirmLabel="Remove product"
          isPending={remove.isPending}
          onConfirm={() =>
            remove.mutate(removing.id, {
              onSuccess: (r) => {
                toast.success(
                  r.outcome === "archived" ? "Product archived" : "Product removed",
                  r.outcome === "archived"
                    ? "Existing orders keep it; it is no longer for sale."
                    : undefined,
                );
                setRemoving(null);
              },
            })
          }
        >
          <p>
            {removing.orders_count > 0
              ? `${removing.orders_count} order(s) use this product. It will no longer be for sale, but those orders keep working and keep showing its name.`
              : "No orders use this product; it is deleted from the catalogue."}
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
