import type { AdminService } from "@contracts/admin.ts";
import { Checkbox, shortId, toast } from "@hosting-portal/shared-ui";
import { useState } from "react";
import { useT } from "../../../i18n";
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
  const t = useT();
  const remove = useRemoveService();
  const terminated = service.service_status === "terminated";
  const [deleteAtProvider, setDeleteAtProvider] = useState(
    !terminated && service.service_type === "vps" && service.reseller_id !== null,
  );
  const named = { service: serviceName(service), name: service.username };
  return (
    <RemoveDialog
      title={t("removeService.title")}
      confirmLabel={t("removeService.confirm")}
      id={{ serviceId: service.id, deleteAtProvider }}
      remove={remove}
      onRemoved={() =>
        toast.success(
          t("removeService.done"),
          deleteAtProvider ? t("removeService.doneAtProvider") : undefined,
        )
      }
      onClose={onClose}
    >
      {service.order_id ? (
        <p>
          {t(siblings > 0 ? "removeService.linkedSiblings" : "removeService.linked", {
            ...named,
            order: shortId(service.order_id),
            count: siblings,
          })}
        </p>
      ) : (
        <p>{t("removeService.notLinked", named)}</p>
      )}
      {terminated ? (
        <p>{t("removeService.alreadyDeleted")}</p>
      ) : (
        <Checkbox isSelected={deleteAtProvider} onChange={setDeleteAtProvider}>
          {t("removeService.deleteAtProvider")}
        </Checkbox>
      )}
    </RemoveDialog>
  );
}
