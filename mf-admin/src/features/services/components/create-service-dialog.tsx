import { CreateServiceBody } from "@contracts/admin.ts";
import { TextField, toast } from "@hosting-portal/shared-ui";
import { useState } from "react";
import { useT } from "../../../i18n";
import * as styles from "../../../lib/admin.css";
import { CreateDialog } from "../../../lib/create-dialog";
import { SelectField } from "../../../lib/select-field";
import { useUsers } from "../../users/api/get-users";
import { useCreateService } from "../api/create-service";
import { serviceName } from "./service-name";

/** SPEC §5 admin create service; the same contract validates here and on the server. */
export function CreateServiceDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const users = useUsers();
  const [type, setType] = useState<"vps" | "dedicated">("vps");
  const create = useCreateService();
  const vps = type === "vps";
  // SPEC §5: a VPS's sizes are whole numbers (GB, cores); a dedicated server's are free text.
  const wholeGb = vps ? t("hint.wholeGb") : t("hint.freeText");
  return (
    <CreateDialog
      title={t("services.create")}
      schema={CreateServiceBody}
      mutation={create}
      onClose={onClose}
      onCreated={(service) => {
        toast.success(
          t("services.created"),
          t("services.createdDetail", { service: serviceName(service), name: service.username }),
        );
        onClose();
      }}
    >
      {(errors) => (
        <>
          <SelectField
            label={t("field.user")}
            name="user_id"
            placeholder={t("field.selectUser")}
            options={(users.data ?? []).map((u) => ({
              value: u.id,
              label: `${u.username} (${u.email})`,
            }))}
            errorMessage={errors.user_id}
          />
          <div className={styles.formGrid}>
            <SelectField
              label={t("field.type")}
              name="service_type"
              value={type}
              onChange={(v) => setType(v === "dedicated" ? "dedicated" : "vps")}
              options={[
                { value: "vps", label: t("type.vps") },
                { value: "dedicated", label: t("type.dedicated") },
              ]}
            />
            <TextField label={t("field.ipv4")} name="ipv4" placeholder="203.0.113.10" />
          </div>
          <div className={styles.formGrid}>
            <TextField
              label={t("field.ram")}
              name="ram"
              placeholder={vps ? "4" : "64 GB DDR4"}
              description={wholeGb}
            />
            <TextField
              label={t("field.cpu")}
              name="cpu"
              placeholder={vps ? "2" : "AMD EPYC 7302P"}
              description={vps ? t("hint.wholeCores") : t("hint.freeText")}
            />
            <TextField
              label={t("field.storage")}
              name="storage"
              placeholder={vps ? "80" : "2x 1 TB NVMe"}
              description={wholeGb}
            />
          </div>
          <TextField
            label={t("field.resellerId")}
            name="reseller_id"
            inputMode="numeric"
            description={t("field.resellerIdHint")}
          />
        </>
      )}
    </CreateDialog>
  );
}
