import type { AdminService } from "@contracts/admin.ts";
import { ConfirmDialog, shortId, toast } from "@hosting-portal/shared-ui";
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
  const retry = useRetryProvisioning();
  return (
    <ConfirmDialog
      title="Retry provisioning?"
      isOpen
      onOpenChange={(open) => !open && onClose()}
      confirmLabel="Charge and retry"
      isPending={retry.isPending}
      onConfirm={() =>
        retry.mutate(service.id, {
          onSuccess: () => {
            toast.success(
              "Provisioning queued",
              `${service.username} was charged again; the provider is creating the server.`,
            );
            onClose();
          },
        })
      }
    >
      <p>
        The customer {service.username} ({service.email}) is charged the product's price again from
        their credits, as when they ordered, and the provider is asked for a new server for VPS{" "}
        {shortId(service.id)}.
      </p>
      {service.provider_error && <p>The last attempt failed with: {service.provider_error}</p>}
      <p>If their balance does not cover the price, nothing is charged and nothing is retried.</p>
    </ConfirmDialog>
  );
}
