import type { AdminService } from "@contracts/admin.ts";
import {
  Badge,
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
  RemoveDialog,
  RowAction,
} from "../../../lib/admin-table";
import { useLinkService } from "../api/link-service";
import { useRemoveService } from "../api/remove-service";
import { useSetServiceStatus } from "../api/set-service-status";
import { LinkOrderDialog } from "./link-order-dialog";

function specsLine(s: AdminService): string {
  const { cpu, ram, storage } = serviceSpecs(s);
  return `${cpu} · ${ram} RAM · ${storage}`;
}

export function ServicesTable({ services }: { services: AdminService[] }) {
  const [linking, setLinking] = useState<AdminService | null>(null);
  const [removing, setRemoving] = useState<AdminService | null>(null);
  const setStatus = useSetServiceStatus();
  const link = useLinkService();
  const remove = useRemoveService();
  // Rows read these, so they are the table body's dependencies (see shared-ui TableBody).
  const statusPendingId = setStatus.isPending ? setStatus.variables?.serviceId : undefined;
  const linkPendingId = link.isPending ? link.variables?.serviceId : undefined;
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
                    {s.service_type.toUpperCase()} · <span className={styles.mono}>{s.ipv4}</span>
                  </span>
                  <span className={`${styles.muted} ${styles.mono}`}>
                    {shortId(s.id)} · reseller {s.reseller_id}
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
                <Badge status={s.service_status} />
              </Cell>
              <Cell>
                {s.order_id ? (
                  <span className={styles.mono}>{shortId(s.order_id)}</span>
                ) : (
                  <span className={styles.muted}>Not linked</span>
                )}
              </Cell>
              <ActionsCell>
                <RowAction
                  label={`${s.service_status === "active" ? "Suspend" : "Activate"} service ${s.ipv4}`}
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
                {s.order_id ? (
                  <RowAction
                    label={`Unlink service ${s.ipv4}`}
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
                  <RowAction label={`Link service ${s.ipv4}`} onPress={() => setLinking(s)}>
                    Link
                  </RowAction>
                )}
                <RemoveButton label={`Remove service ${s.ipv4}`} onPress={() => setRemoving(s)} />
              </ActionsCell>
            </Row>
          )}
        </TableBody>
      </Table>
      {linking && <LinkOrderDialog service={linking} onClose={() => setLinking(null)} />}
      {removing && (
        <RemoveDialog
          title="Remove this service?"
          confirmLabel="Remove service"
          id={removing.id}
          remove={remove}
          onRemoved={() => toast.success("Service removed")}
          onClose={() => setRemoving(null)}
        >
          {removing.order_id ? (
            <p>
              {removing.service_type.toUpperCase()} {removing.ipv4} of {removing.username} is linked
              to order {shortId(removing.order_id)}. Removing it also deletes that order
              {siblings > 0 ? ` and the ${siblings} other service(s) linked to it` : ""}. This
              cannot be undone.
            </p>
          ) : (
            <p>
              {removing.service_type.toUpperCase()} {removing.ipv4} of {removing.username} is not
              linked to an order; only the service is deleted. This cannot be undone.
            </p>
          )}
        </RemoveDialog>
      )}
    </>
  );
}
