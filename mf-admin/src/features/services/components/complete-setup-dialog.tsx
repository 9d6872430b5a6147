import { type AdminService, CompleteSetupBody } from "@contracts/admin.ts";
import { shortId, TextField, toast } from "@hosting-portal/shared-ui";
import * as styles from "../../../lib/admin.css";
import { CreateDialog } from "../../../lib/create-dialog";
import { useCompleteSetup } from "../api/complete-setup";

/**
 * A dedicated server is set up by staff, not the provider's automation: once it runs, they enter
 * its address, its id at the provider and its specs, and the service becomes active.
 */
export function CompleteSetupDialog({
  service,
  onClose,
}: {
  service: AdminService;
  onClose: () => void;
}) {
  const setup = useCompleteSetup(service.id);
  return (
    <CreateDialog
      title="Complete setup"
      schema={CompleteSetupBody}
      mutation={setup}
      onClose={onClose}
      onCreated={(s) => {
        toast.success(
          "Setup completed",
          `Dedicated ${s.ipv4 ?? shortId(s.id)} of ${s.username} is active.`,
        );
        onClose();
      }}
    >
      <p className={styles.note}>
        Dedicated server {shortId(service.id)} of {service.username} ({service.email}). The service
        becomes active and the customer sees these values.
      </p>
      <div className={styles.formGrid}>
        <TextField label="IPv4" name="ipv4" placeholder="203.0.113.10" />
        <TextField
          label="Reseller ID"
          name="reseller_id"
          inputMode="numeric"
          description="The server's id at the provider"
        />
      </div>
      <div className={styles.formGrid}>
        {/* The service's values so far (what was ordered); staff correct them to what the server has. */}
        <TextField label="RAM" name="ram" defaultValue={service.ram} placeholder="64 GB DDR4" />
        <TextField label="CPU" name="cpu" defaultValue={service.cpu} placeholder="AMD EPYC 7302P" />
        <TextField
          label="Storage"
          name="storage"
          defaultValue={service.storage}
          placeholder="2x 1 TB NVMe"
        />
      </div>
    </CreateDialog>
  );
}
