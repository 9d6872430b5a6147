import type { AdminProduct } from "@contracts/admin.ts";
import { Badge, Cell, formatEur, Row, Table, TableBody, toast } from "@hosting-portal/shared-ui";
import { useState } from "react";
import * as styles from "../../../lib/admin.css";
import {
  ActionsCell,
  AdminTableHeader,
  RemoveButton,
  RemoveDialog,
  RowAction,
} from "../../../lib/admin-table";
import { useRemoveProduct } from "../api/remove-product";
import { EditPlanDialog } from "./edit-plan-dialog";
import { planLine } from "./plan-line";
import { UpgradePathsDialog } from "./upgrade-paths-dialog";

/** What the provider creates for a product: a VPS's plan; a dedicated server has none. */
function PlanCell({ product }: { product: AdminProduct }) {
  if (product.product_type === "dedicated")
    return <span className={styles.muted}>Set up by staff</span>;
  if (!product.plan)
    return <span className={styles.problem}>No plan yet: set one with Edit plan</span>;
  return <span className={styles.muted}>{planLine(product.plan)}</span>;
}

export function ProductsTable({ products }: { products: AdminProduct[] }) {
  const [removing, setRemoving] = useState<AdminProduct | null>(null);
  const [editing, setEditing] = useState<AdminProduct | null>(null);
  const [paths, setPaths] = useState<AdminProduct | null>(null);
  const remove = useRemoveProduct();
  return (
    <>
      <Table aria-label="Products">
        <AdminTableHeader
          columns={["Product", "Type", "Price / month", "Specs", "Provider plan", "Orders"]}
          actions="Actions"
        />
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
              <Cell>
                <PlanCell product={p} />
              </Cell>
              <Cell>{p.orders_count}</Cell>
              <ActionsCell>
                {p.product_type === "vps" && (
                  <RowAction label={`Edit plan of ${p.name}`} onPress={() => setEditing(p)}>
                    Edit plan
                  </RowAction>
                )}
                {p.product_type === "vps" && p.plan && (
                  <RowAction label={`Upgrade paths of ${p.name}`} onPress={() => setPaths(p)}>
                    Upgrade paths
                  </RowAction>
                )}
                <RemoveButton label={`Remove ${p.name}`} onPress={() => setRemoving(p)} />
              </ActionsCell>
            </Row>
          )}
        </TableBody>
      </Table>
      {editing && <EditPlanDialog product={editing} onClose={() => setEditing(null)} />}
      {paths && <UpgradePathsDialog product={paths} onClose={() => setPaths(null)} />}
      {removing && (
        <RemoveDialog
          title={`Remove ${removing.name}?`}
          confirmLabel="Remove product"
          id={removing.id}
          remove={remove}
          onRemoved={(r) =>
            toast.success(
              r.outcome === "archived" ? "Product archived" : "Product removed",
              r.outcome === "archived"
                ? "Existing orders keep it; it is no longer for sale."
                : undefined,
            )
          }
          onClose={() => setRemoving(null)}
        >
          <p>
            {removing.orders_count > 0
              ? `${removing.orders_count} order(s) use this product. It will no longer be for sale, but those orders keep working and keep showing its name.`
              : "No orders use this product; it is deleted from the catalogue."}
          </p>
        </RemoveDialog>
      )}
    </>
  );
}
