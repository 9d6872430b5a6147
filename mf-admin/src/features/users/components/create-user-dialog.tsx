import { CreateUserBody } from "@contracts/admin.ts";
import { TextField, toast } from "@hosting-portal/shared-ui";
import { useT } from "../../../i18n";
import { CreateDialog } from "../../../lib/create-dialog";
import { useCreateUser } from "../api/create-user";

/** Creates a real account (the customer signs in with this password and can change it). */
export function CreateUserDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const create = useCreateUser();
  return (
    <CreateDialog
      title={t("users.create")}
      schema={CreateUserBody}
      mutation={create}
      onClose={onClose}
      onCreated={(user) => {
        toast.success(t("users.created"), t("users.createdDetail", { name: user.username }));
        onClose();
      }}
    >
      <TextField label={t("users.field.username")} name="username" autoFocus />
      <TextField label={t("users.field.email")} name="email" type="email" />
      <TextField
        label={t("users.field.password")}
        name="password"
        type="password"
        description={t("users.field.passwordHint")}
      />
    </CreateDialog>
  );
}
