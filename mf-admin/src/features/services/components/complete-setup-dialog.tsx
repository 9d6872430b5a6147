import { type AdminService, CompleteSetupBody } from "@contracts/admin.ts";
import { shortId, TextField, toast } from "@hosting-portal/shared-ui";
import { useT } from "../../../i18n";
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
  const t = useT();
  const setup = useCompleteSetup(service.id);
  return (
    <CreateDialog
      title={t("services.completeSetup")}
      schema={CompleteSetupBody}
      mutation={setup}
      onClose={onClose}
      onCreated={(s) => {
        toast.success(
          t("setup.done"),
          t("setup.doneDetail", { address: s.ipv4 ?? shortId(s.id), name: s.username }),
        );
        onClose();
      }}
    >
      <p className={styles.note}>
        {t("setup.note", {
          id: shortId(service.id),
          name: service.username,
          email: service.email,
        })}
      </p>
      <div className={styles.formGrid}>
        <TextField label={t("field.ipv4")} name="ipv4" placeholder="203.0.113.10" />
        <TextField
          label={t("field.resellerId")}
          name="reseller_id"
          inputMode="numeric"
          description={t("field.resellerIdHint")}
        />
      </div>
      <div className={styles.formGrid}>
        {/* The service's values so far (what was ordered); staff correct them to what the server has. */}
        <TextField
          label={t("field.ram")}
          name="ram"
          defaultValue={service.ram}
          placeholder="64 GB DDR4"
        />
        <TextField
          label={t("field.cpu")}
          name="cpu"
          defaultValue={service.cpu}
          placeholder="AMD EPYC 7302P"
        />
        <TextField
          label={t("field.storage")}
          name="storage"
          defaultValue={service.storage}
          placeholder="2x 1 TB NVMe"
        />
      </div>
    </CreateDialog>
  );
}
