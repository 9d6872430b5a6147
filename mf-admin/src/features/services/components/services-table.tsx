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

function specsLine(s: AdminService): string {
  const { cpu, ram, storage } = serviceSpecs(s);
  return `${cpu} · ${ram} RAM · ${storage}`;
}

/** One of the dialogs a row opens, with the row it is for. */
type Opened = { dialog: "link" | "remove" | "retry" | "setup"; service: AdminService };

export function ServicesTable({ services }: { services: AdminService[] }) {
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
      <Table aria-label="Services">
        <AdminTableHeader
          columns={["Service", "Owner", "Specs", "Status", "Order"]}
          actions="Actions"
        />
        <TableBody
          items={services}
          dependencies={[statusPendingId, linkPendingId]}
          emptyText="No services yet. Create one for a customer."
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
                    {s.reseller_id !== null && ` · reseller ${s.reseller_id}`}
                  </span>
                </div>
              </Cell>
              <Cell>
                <NameAndDetail name={s.username} detail={s.email} />
              </Cell>
              <Cell>
                <span className={styles.muted}>{specsLine(s)}</span>
              </Cell>
              <Cell>
                <div className={styles.stack}>
                  <span>
                    <ServiceStatusBadge status={s.service_status} />
                  </span>
                  {s.provider_error && <span className={styles.problem}>{s.provider_error}</span>}
                </div>
              </Cell>
              <Cell>
                {s.order_id ? (
                  <span className={styles.mono}>{shortId(s.order_id)}</span>
                ) : (
                  <span className={styles.muted}>Not linked</span>
                )}
              </Cell>
              <ActionsCell>
                {/* Staff set only these two; the provider's lifecycle moves the other states. */}
                {(s.service_status === "active" || s.service_status === "suspended") && (
                  <RowAction
                    label={`${s.service_status === "active" ? "Suspend" : "Activate"} service ${serviceAddress(s)}`}
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
                              r.service_status === "active"
                                ? "Service activated"
                                : "Service suspended",
                            ),
                        },
                      )
                    }
                  >
                    {s.service_status === "active" ? "Suspend" : "Activate"}
                  </RowAction>
                )}
                {s.service_status === "failed" && s.service_type === "vps" && (
                  <RowAction
                    label={`Retry provisioning of service ${serviceAddress(s)}`}
                    onPress={() => setOpened({ dialog: "retry", service: s })}
                  >
                    Retry
                  </RowAction>
                )}
                {s.service_status === "provisioning" && s.service_type === "dedicated" && (
                  <RowAction
                    label={`Complete setup of service ${serviceAddress(s)}`}
                    onPress={() => setOpened({ dialog: "setup", service: s })}
                  >
                    Complete setup
                  </RowAction>
                )}
                {s.order_id ? (
                  <RowAction
                    label={`Unlink service ${serviceAddress(s)}`}
                    isPending={linkPendingId === s.id}
                    onPress={() =>
                      link.mutate(
                        { serviceId: s.id, orderId: null },
                        { onSuccess: () => toast.success("Service unlinked") },
                      )
                    }
                  >
                    Unlink
                  </RowAction>
                ) : (
                  <RowAction
                    label={`Link service ${serviceAddress(s)}`}
                    onPress={() => setOpened({ dialog: "link", service: s })}
                  >
                    Link
                  </RowAction>
                )}
                <RemoveButton
                  label={`Remove service ${serviceAddress(s)}`}
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
