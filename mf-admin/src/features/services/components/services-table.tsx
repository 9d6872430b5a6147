import type { AdminService } from "@contracts/admin.ts";
import {
  Cell,
  Row,
  serviceSpecs,
  shortId,
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
  NameAndDetail,
  RemoveButton,
  RowAction,
} from "../../../lib/admin-table";
import { useLinkService } from "../api/link-service";
import { useSetServiceStatus } from "../api/set-service-status";
import { CompleteSetupDialog } from "./complete-setup-dialog";
import { LinkOrderDialog } from "./link-order-dialog";
import { RemoveServiceDialog } from "./remove-service-dialog";
import { RetryProvisioningDialog } from "./retry-provisioning-dialog";
import { serviceAddress } from "./service-name";
import { ServiceStatusBadge } from "./service-status";

/** CPU, RAM and storage on one line, in the page's language. */
function specsLine(s: AdminService, t: ReturnType<typeof useT>): string {
  return t("services.specs", serviceSpecs(s));
}

/** One of the dialogs a row opens, with the row it is for. */
type Opened = { dialog: "link" | "remove" | "retry" | "setup"; service: AdminService };

export function ServicesTable({ services }: { services: AdminService[] }) {
  const t = useT();
  const [opened, setOpened] = useState<Opened | null>(null);
  const setStatus = useSetServiceStatus();
  const link = useLinkService();
  // Rows read these, so they are the table body's dependencies (see shared-ui TableBody).
  const statusPendingId = setStatus.isPending ? setStatus.variables?.serviceId : undefined;
  const linkPendingId = link.isPending ? link.variables?.serviceId : undefined;
  const close = () => setOpened(null);
  const removing = opened?.dialog === "remove" ? opened.service : null;
  const siblings = removing?.order_id
    ? services.filter((s) => s.order_id === removing.order_id && s.id !== removing.id).length
    : 0;

  return (
    <>
      <Table aria-label={t("services.table")}>
        <AdminTableHeader
          columns={[
            t("services.col.service"),
            t("services.col.owner"),
            t("services.col.specs"),
            t("services.col.status"),
            t("services.col.order"),
          ]}
          actions={t("services.col.actions")}
        />
        <TableBody
          items={services}
          dependencies={[statusPendingId, linkPendingId, t]}
          emptyText={t("services.empty")}
        >
          {(s) => (
            <Row id={s.id}>
              <Cell>
                <div className={styles.stack}>
                  <span className={styles.primaryText}>
                    {s.service_type.toUpperCase()} ·{" "}
                    <span className={styles.mono}>{s.ipv4 ?? "—"}</span>
                  </span>
                  <span className={`${styles.muted} ${styles.mono}`}>
                    {shortId(s.id)}
                    {s.reseller_id !== null &&
                      ` · ${t("services.reseller", { id: String(s.reseller_id) })}`}
                  </span>
                </div>
              </Cell>
              <Cell>
                <NameAndDetail name={s.username} detail={s.email} />
              </Cell>
              <Cell>
                <span className={styles.muted}>{specsLine(s, t)}</span>
              </Cell>
              <Cell>
                <div className={styles.stack}>
                  <span>
                    <ServiceStatusBadge status={s.service_status} />
                  </span>
                  {/* The provider's own words. */}
                  {s.provider_error && (
                    <span className={styles.problem} translate="no">
                      {s.provider_error}
                    </span>
                  )}
                </div>
              </Cell>
              <Cell>
                {s.order_id ? (
                  <span className={styles.mono}>{shortId(s.order_id)}</span>
                ) : (
                  <span className={styles.muted}>{t("services.notLinked")}</span>
                )}
              </Cell>
              <ActionsCell>
                {/* Staff set only these two; the provider's lifecycle moves the other states. */}
                {(s.service_status === "active" || s.service_status === "suspended") && (
                  <RowAction
                    label={t(
                      s.service_status === "active"
                        ? "services.suspendLabel"
                        : "services.activateLabel",
                      { address: serviceAddress(s) },
                    )}
                    isPending={statusPendingId === s.id}
                    onPress={() =>
                      setStatus.mutate(
                        {
                          serviceId: s.id,
                          status: s.service_status === "active" ? "suspended" : "active",
                        },
                        {
                          onSuccess: (r) =>
                            toast.success(
                              t(
                                r.service_status === "active"
                                  ? "services.activated"
                                  : "services.suspended",
                              ),
                            ),
                        },
                      )
                    }
                  >
                    {t(s.service_status === "active" ? "services.suspend" : "services.activate")}
                  </RowAction>
                )}
                {s.service_status === "failed" && s.service_type === "vps" && (
                  <RowAction
                    label={t("services.retryLabel", { address: serviceAddress(s) })}
                    onPress={() => setOpened({ dialog: "retry", service: s })}
                  >
                    {t("services.retry")}
                  </RowAction>
                )}
                {s.service_status === "provisioning" && s.service_type === "dedicated" && (
                  <RowAction
                    label={t("services.completeSetupLabel", { address: serviceAddress(s) })}
                    onPress={() => setOpened({ dialog: "setup", service: s })}
                  >
                    {t("services.completeSetup")}
                  </RowAction>
                )}
                {s.order_id ? (
                  <RowAction
                    label={t("services.unlinkLabel", { address: serviceAddress(s) })}
                    isPending={linkPendingId === s.id}
                    onPress={() =>
                      link.mutate(
                        { serviceId: s.id, orderId: null },
                        { onSuccess: () => toast.success(t("services.unlinked")) },
                      )
                    }
                  >
                    {t("services.unlink")}
                  </RowAction>
                ) : (
                  <RowAction
                    label={t("services.linkLabel", { address: serviceAddress(s) })}
                    onPress={() => setOpened({ dialog: "link", service: s })}
                  >
                    {t("services.link")}
                  </RowAction>
                )}
                <RemoveButton
                  label={t("services.removeLabel", { address: serviceAddress(s) })}
                  onPress={() => setOpened({ dialog: "remove", service: s })}
                />
              </ActionsCell>
            </Row>
          )}
        </TableBody>
      </Table>
      {opened?.dialog === "link" && <LinkOrderDialog service={opened.service} onClose={close} />}
      {opened?.dialog === "retry" && (
        <RetryProvisioningDialog service={opened.service} onClose={close} />
      )}
      {opened?.dialog === "setup" && (
        <CompleteSetupDialog service={opened.service} onClose={close} />
      )}
      {removing && <RemoveServiceDialog service={removing} siblings={siblings} onClose={close} />}
    </>
  );
}
