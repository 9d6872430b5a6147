import {
  Button,
  Dialog,
  Form,
  type FormErrors,
  formValues,
  useFormErrors,
} from "@hosting-portal/shared-ui";
import type { ReactNode } from "react";
import type { output, ZodMiniType } from "zod/mini";
import { useT } from "../i18n";
import * as styles from "./admin.css";

export interface CreateDialogProps<S extends ZodMiniType, TData> {
  /** The dialog's title, also the label of its submit button ('Create user') unless `submitLabel`. */
  title: string;
  submitLabel?: string;
  /** The contract the API validates the body with; the form is checked with it first (SPEC §8). */
  schema: S;
  /** The create mutation (a useAdminMutation): sent the parsed body. */
  mutation: {
    mutate(
      body: output<S>,
      options: { onSuccess: (created: TData) => void; onError: (error: Error) => void },
    ): void;
    isPending: boolean;
  };
  onCreated: (created: TData) => void;
  /**
   * The field errors of a refusal the form could not foresee (a check only the server can make),
   * shown under those fields besides the mutation's toast; undefined places none.
   */
  refusedFields?: (error: Error) => FormErrors | undefined;
  onClose: () => void;
  /** The fields; given the current errors for fields that do not read them from the Form. */
  children: ReactNode | ((errors: FormErrors) => ReactNode);
}

/** A dialog whose form creates one admin resource: validated with its contract, then sent. */
export function CreateDialog<S extends ZodMiniType, TData>({
  title,
  submitLabel = title,
  schema,
  mutation,
  onCreated,
  refusedFields,
  onClose,
  children,
}: CreateDialogProps<S, TData>) {
  const t = useT();
  const form = useFormErrors();
  return (
    <Dialog title={title} isOpen onOpenChange={(open) => !open && onClose()}>
      <Form
        validationErrors={form.errors}
        validationBehavior="aria"
        className={styles.dialogBody}
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = form.validate(schema, formValues(e.currentTarget));
          if (!parsed.success) return;
          mutation.mutate(parsed.data, {
            onSuccess: onCreated,
            onError: (error) => {
              const errors = refusedFields?.(error);
              if (errors) form.setErrors(errors);
            },
          });
        }}
      >
        {/* Clearing errors while typing, not on blur, keeps the submit button from moving under the pointer. */}
        <div className={styles.contents} onInput={form.clear}>
          {typeof children === "function" ? children(form.errors) : children}
          <div className={styles.formActions}>
            <Button variant="secondary" onPress={onClose} isDisabled={mutation.isPending}>
              {t("dialog.cancel")}
            </Button>
            <Button type="submit" isPending={mutation.isPending}>
              {submitLabel}
            </Button>
          </div>
        </div>
      </Form>
    </Dialog>
  );
}
