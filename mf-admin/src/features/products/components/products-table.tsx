import type { AdminProduct } from "@contracts/admin.ts";
import {
  Badge,
  Cell,
  formatEur,
  formatNumber,
  Row,
  Table,
  TableBody,
  toast,
} from "@hosting-portal/shared-ui";
import { useState } from "react";
import { useT } from "../../../i18n";
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
  const t = useT();
  if (product.product_type === "dedicated")
    return <span className={styles.muted}>{t("products.setUpByStaff")}</span>;
  if (!product.plan) return <span className={styles.problem}>{t("products.noPlan")}</span>;
  return <span className={styles.muted}>{planLine(product.plan, t)}</span>;
}

export function ProductsTable({ products }: { products: AdminProduct[] }) {
  const t = useT();
  const [removing, setRemoving] = useState<AdminProduct | null>(null);
  const [editing, setEditing] = useState<AdminProduct | null>(null);
  const [paths, setPaths] = useState<AdminProduct | null>(null);
  const remove = useRemoveProduct();
  return (
    <>
      <Table aria-label={t("products.table")}>
        <AdminTableHeader
          columns={[
            t("products.col.product"),
            t("products.col.type"),
            t("products.col.price"),
            t("products.col.specs"),
            t("products.col.plan"),
            t("products.col.orders"),
          ]}
          actions={t("products.col.actions")}
        />
        <TableBody items={products} dependencies={[t]} emptyText={t("products.empty")}>
          {(p) => (
            <Row id={p.id}>
              <Cell>
                <span className={styles.primaryText} translate="no">
                  {p.name}
                </span>
              </Cell>
              <Cell>
                <Badge tone={p.product_type === "vps" ? "info" : "neutral"}>
                  {t(p.product_type === "vps" ? "type.vps" : "type.dedicated")}
                </Badge>
              </Cell>
              <Cell>
                <span className={styles.money}>{formatEur(p.price)}</span>
              </Cell>
              <Cell>
                <div className={styles.stack}>
                  <span translate="no">
                    {p.cpu} · {p.ram} · {p.storage}
                  </span>
                  <span className={styles.muted}>
                    {t("products.network", { uplink: p.uplink, ddos: p.ddos_protection })}
                  </span>
                </div>
              </Cell>
              <Cell>
                <PlanCell product={p} />
              </Cell>
              <Cell>{formatNumber(p.orders_count)}</Cell>
              <ActionsCell>
                {p.product_type === "vps" && (
                  <RowAction
                    label={t("products.editPlanLabel", { name: p.name })}
                    onPress={() => setEditing(p)}
                  >
                    {t("products.editPlan")}
                  </RowAction>
                )}
                {p.product_type === "vps" && p.plan && (
                  <RowAction
                    label={t("products.pathsLabel", { name: p.name })}
                    onPress={() => setPaths(p)}
                  >
                    {t("products.paths")}
                  </RowAction>
                )}
                <RemoveButton
                  label={t("products.removeLabel", { name: p.name })}
                  onPress={() => setRemoving(p)}
                />
              </ActionsCell>
            </Row>
          )}
        </TableBody>
      </Table>
      {editing && <EditPlanDialog product={editing} onClose={() => setEditing(null)} />}
      {paths && <UpgradePathsDialog product={paths} onClose={() => setPaths(null)} />}
      {removing && (
        <RemoveDialog
          title={t("products.removeTitle", { name: removing.name })}
          confirmLabel={t("products.removeConfirm")}
          id={removing.id}
          remove={remove}
          onRemoved={(r) =>
            toast.success(
              t(r.outcome === "archived" ? "products.archived" : "products.removed"),
              r.outcome === "archived" ? t("products.archivedDetail") : undefined,
            )
          }
          onClose={() => setRemoving(null)}
        >
          <p>
            {removing.orders_count > 0
              ? t("products.removeInUse", { count: removing.orders_count })
              : t("products.removeUnused")}
          </p>
        </RemoveDialog>
      )}
    </>
  );
}
