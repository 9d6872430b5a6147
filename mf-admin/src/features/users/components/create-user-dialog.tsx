import { CreateUserBody } from "@contracts/admin.ts";
import { TextField, toast } from "@hosting-portal/shared-ui";
import { CreateDialog } from "../../../lib/create-dialog";
import { useCreateUser } from "../api/create-user";

/** Creates a real account (the customer signs in with this password and can change it). */
export function CreateUserDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateUser();
  return (
    <CreateDialog
      title="Create user"
      schema={CreateUserBody}
      mutation={create}
      onClose={onClose}
      onCreated={(user) => {
        toast.success("User created", `${user.username} can now sign in.`);
        onClose();
      }}
    >
      <TextField label="Username" name="username" autoFocus />
      <TextField label="Email" name="email" type="email" />
      <TextField
        label="Password"
        name="password"
        type="password"
        description="At least 6 characters"
      />
    </CreateDialog>
  );
}
