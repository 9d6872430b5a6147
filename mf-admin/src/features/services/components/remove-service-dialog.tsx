import type { AdminService } from "@contracts/admin.ts";
import { Checkbox, shortId, toast } from "@hosting-portal/shared-ui";
import { useState } from "react";
import { RemoveDialog } from "../../../lib/admin-table";
import { useRemoveService } from "../api/remove-service";
import { serviceName } from "./service-name";

/**
 * SPEC §4 removal, plus the server at the provider: removing only the service leaves the server
 * running (and billed to us), so deleting it there too is the default wherever one exists (a VPS
 * with a provider id). The admin may keep it, e.g. to look at it first. A terminated service's
 * server is already deleted there, so it is not offered.
 */
export function RemoveServiceDialog({
  service,
  siblings,
  onClose,
}: {
  service: AdminService;
  /** Other services linked to the same order, which the removal deletes with it. */
  siblings: number;
  onClose: () => void;
}) {
  const remove = useRemoveService();
  const terminated = service.service_status === "terminated";
  const [deleteAtProvider, setDeleteAtProvider] = useState(
    !terminated && service.service_type === "vps" && service.reseller_id !== null,
  );
  return (
    <RemoveDialog
      title="Remove this service?"
      confirmLabel="Remove service"
      id={{ serviceId: service.id, deleteAtProvider }}
      remove={remove}
      onRemoved={() =>
        toast.success(
          "Service removed",
          deleteAtProvider ? "The server is being deleted at the provider." : undefined,
        )
      }
      onClose={onClose}
    >
      {service.order_id ? (
        <p>
          {serviceName(service)} of {service.username} is linked to order{" "}
          {shortId(service.order_id)}. Removing it also deletes that order
          {siblings > 0 ? ` and the ${siblings} other service(s) linked to it` : ""}. This cannot be
          undone.
        </p>
      ) : (
        <p>
          {serviceName(service)} of {service.username} is not linked to an order; only the service
          is deleted. This cannot be undone.
        </p>
      )}
      {terminated ? (
        <p>Its server was already deleted at the provider.</p>
      ) : (
        <Checkbox isSelected={deleteAtProvider} onChange={setDeleteAtProvider}>
          Also delete the server at the provider (it keeps running and costing money otherwise)
        </Checkbox>
      )}
    </RemoveDialog>
  );
}
