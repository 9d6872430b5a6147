import { CreateUserBody } from "@contracts/admin.ts";
import { Button, Dialog, Form, TextField, toast } from "@hosting-portal/shared-ui";
import { useState } from "react";
import * as styles from "../../../lib/admin.css";
import { clearErrors, formValues, parseForm } from "../../../lib/form-values";
import { useCreateUser } from "../api/create-user";

/** Creates a real account (the customer signs in with this password and can change it). */
export function CreateUserDialog({ onClose }: { onClose: () => void }) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateUser();
  return (
    <Dialog title="Create user" isOpen onOpenChange={(open) => !open && onClose()}>
      <Form
        validationErrors={errors}
        validationBehavior="aria"
        className={styles.dialogBody}
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = parseForm(CreateUserBody, formValues(e.currentTarget));
          if (!parsed.data) return setErrors(parsed.errors);
          setErrors({});
          create.mutate(parsed.data, {
            onSuccess: (user) => {
              toast.success("User created", `${user.username} can now sign in.`);
              onClose();
            },
          });
        }}
      >
        {/* Clearing errors while typing, not on blur, keeps the submit button from moving under the pointer. */}
        <div className={styles.contents} onInput={() => clearErrors(setErrors)}>
          <TextField label="Username" name="username" autoFocus />
          <TextField label="Email" name="email" type="email" />
          <TextField
            label="Password"
            name="password"
            type="password"
            description="At least 6 characters"
          />
          <div className={styles.formActions}>
            <Button variant="secondary" onPress={onClose} isDisabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" isPending={create.isPending}>
              Create user
            </Button>
          </div>
        </div>
      </Form>
    </Dialog>
  );
}
