import { CreateServiceBody } from "@contracts/admin.ts";
import { TextField, toast } from "@hosting-portal/shared-ui";
import { useState } from "react";
import * as styles from "../../../lib/admin.css";
import { CreateDialog } from "../../../lib/create-dialog";
import { SelectField } from "../../../lib/select-field";
import { useUsers } from "../../users/api/get-users";
import { useCreateService } from "../api/create-service";
import { serviceName } from "./service-name";

/** SPEC §5 admin create service; the same contract validates here and on the server. */
export function CreateServiceDialog({ onClose }: { onClose: () => void }) {
  const users = useUsers();
  const [type, setType] = useState<"vps" | "dedicated">("vps");
  const create = useCreateService();
  const vps = type === "vps";
  return (
    <CreateDialog
      title="Create service"
      schema={CreateServiceBody}
      mutation={create}
      onClose={onClose}
      onCreated={(service) => {
        toast.success("Service created", `${serviceName(service)} for ${service.username}`);
        onClose();
      }}
    >
      {(errors) => (
        <>
          <SelectField
            label="User"
            name="user_id"
            placeholder="Select a user"
            options={(users.data ?? []).map((u) => ({
              value: u.id,
              label: `${u.username} (${u.email})`,
            }))}
            errorMessage={errors.user_id}
          />
          <div className={styles.formGrid}>
            <SelectField
              label="Type"
              name="service_type"
              value={type}
              onChange={(v) => setType(v === "dedicated" ? "dedicated" : "vps")}
              options={[
                { value: "vps", label: "VPS" },
                { value: "dedicated", label: "Dedicated" },
              ]}
            />
            <TextField label="IPv4" name="ipv4" placeholder="203.0.113.10" />
          </div>
          <div className={styles.formGrid}>
            <TextField
              label="RAM"
              name="ram"
              placeholder={vps ? "4" : "64 GB DDR4"}
              description={vps ? "GB, whole number" : "Free text"}
            />
            <TextField
              label="CPU"
              name="cpu"
              placeholder={vps ? "2" : "AMD EPYC 7302P"}
              description={vps ? "Cores, whole number" : "Free text"}
            />
            <TextField
              label="Storage"
              name="storage"
              placeholder={vps ? "80" : "2x 1 TB NVMe"}
              description={vps ? "GB, whole number" : "Free text"}
            />
          </div>
          <TextField
            label="Reseller ID"
            name="reseller_id"
            inputMode="numeric"
            description="The server's id at the provider"
          />
        </>
      )}
    </CreateDialog>
  );
}
