import type { AdminService } from "@contracts/admin.ts";
import {
  Badge,
  Button,
  Cell,
  Column,
  ConfirmDialog,
  Row,
  serviceSpecs,
  shortId,
  Table,
  TableBody,
  TableHeader,
  toast,
} from "@hosting-portal/shared-ui";
import { useState } from "react";
import * as styles from "../../../lib/admin.css";
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
        <TableHeader>
          <Column isRowHeader>Service</Column>
          <Column>Owner</Column>
          <Column>Specs</Column>
          <Column>Status</Column>
          <Column>Order</Column>
          <Column>
            <span className={styles.actions}>Actions</span>
          </Column>
        </TableHeader>
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
                <div className={styles.stack}>
                  <span className={styles.primaryText}>{s.username}</span>
                  <span className={styles.muted}>{s.email}</span>
                </div>
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
              <Cell>
                <div className={styles.actions}>
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={`${s.service_status === "active" ? "Suspend" : "Activate"} service ${s.ipv4}`}
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
                  </Button>
                  {s.order_id ? (
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={`Unlink service ${s.ipv4}`}
                      isPending={linkPendingId === s.id}
                      onPress={() =>
                        link.mutate(
                          { serviceId: s.id, orderId: null },
                          { onSuccess: () => toast.success("Service unlinked") },
                        )
                      }
                    >
                      Unlink
                    </Button>
                  ) : (
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={`Link service ${s.ipv4}`}
                      onPress={() => setLinking(s)}
                    >
                      Link
                    </Button>
                  )}
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Remove service ${s.ipv4}`}
                    onPress={() => setRemoving(s)}
                  >
                    Remove
                  </Button>
                </div>
              </Cell>
            </Row>
          )}
        </TableBody>
      </Table>
      {linking && <LinkOrderDialog service={linking} onClose={() => setLinking(null)} />}
      {removing && (
        <ConfirmDialog
          title="Remove this service?"
          isOpen
          onOpenChange={(open) => !open && setRemoving(null)}
          destructive
          confirmLabel="Remove service"
          isPending={remove.isPending}
          onConfirm={() =>
            remove.mutate(removing.id, {
              onSuccess: () => {
                toast.success("Service removed");
                setRemoving(null);
              },
            })
          }
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
        </ConfirmDialog>
      )}
    </>
  );
}
