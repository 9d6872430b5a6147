import type { AdminService } from "@contracts/admin.ts";
import { ConfirmDialog, shortId, toast } from "@hosting-portal/shared-ui";
import { useT } from "../../../i18n";
import { useRetryProvisioning } from "../api/retry-provisioning";

/**
 * Retrying charges the customer again (the failed attempt was refunded), so it is confirmed
 * first, and says so. A balance that does not cover the price is refused (402) with the shop's
 * message in the mutation's toast, and the dialog stays open.
 */
export function RetryProvisioningDialog({
  service,
  onClose,
}: {
  service: AdminService;
  onClose: () => void;
}) {
  const t = useT();
  const retry = useRetryProvisioning();
  return (
    <ConfirmDialog
      title={t("retry.title")}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      confirmLabel={t("retry.confirm")}
      isPending={retry.isPending}
      onConfirm={() =>
        retry.mutate(service.id, {
          onSuccess: () => {
            toast.success(t("retry.queued"), t("retry.queuedDetail", { name: service.username }));
            onClose();
          },
        })
      }
    >
      <p>
        {t("retry.note", {
          name: service.username,
          email: service.email,
          id: shortId(service.id),
        })}
      </p>
      {service.provider_error && (
        <p>
          {t("retry.lastError")} <span translate="no">{service.provider_error}</span>
        </p>
      )}
      <p>{t("retry.noCharge")}</p>
    </ConfirmDialog>
  );
}
