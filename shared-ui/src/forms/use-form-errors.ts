import { useCallback, useState } from "react";
import type { output, ZodMiniType } from "zod/mini";
import { fieldErrors } from "../Form/Form";
import { sharedMessages } from "../i18n/shared-messages";
import { localizeValidation, zodParseParams } from "../i18n/validation-messages";
import { toast } from "../Toast/toast-queue";

export type FormErrors = Record<string, string>;

export interface ParseFormOptions {
  /** The toast's title (default SPEC's 'Validation Error'; the top-up amount says 'Invalid Amount'). */
  title?: string;
  /** Where an issue without a field goes: the field of a form whose schema is one value (the amount). */
  field?: string;
}

export type ParsedForm<T> = { success: true; data: T } | { success: false; errors: FormErrors };

/**
 * Validates submitted values with the contract the API validates with (SPEC §8): on failure it
 * shows the 'Validation Error' toast with the first schema message and returns the first message
 * of each field, for Form's `validationErrors`.
 */
export function parseForm<S extends ZodMiniType>(
  schema: S,
  values: unknown,
  { title = sharedMessages.t("form.validationError"), field }: ParseFormOptions = {},
): ParsedForm<output<S>> {
  // zod's own messages in the page's language, as the API's answer words them.
  const result = schema.safeParse(values, zodParseParams());
  if (result.success) return { success: true, data: result.data };
  // The contract's English messages in the page's language (unchanged in English).
  const issues = result.error.issues.map((issue) => ({
    ...issue,
    message: localizeValidation(issue.message),
  }));
  const errors = fieldErrors({ issues });
  const unplaced = issues.find((issue) => issue.path.length === 0);
  if (field && unplaced && !(field in errors)) errors[field] = unplaced.message;
  const first = issues[0]?.message;
  toast.error(title, first);
  return { success: false, errors };
}

/** A submitted form's fields by name (text fields as strings; an unchecked checkbox is absent). */
export const formValues = (form: HTMLFormElement): Record<string, FormDataEntryValue> =>
  Object.fromEntries(new FormData(form));

/**
 * The errors of one form: `validate` runs parseForm and shows its field errors (or clears them
 * when the values pass), `clear` empties them as the user edits, `setErrors` places an error the
 * API found (e.g. a wrong current password). Pass `errors` to Form's `validationErrors`.
 */
export function useFormErrors() {
  const [errors, setErrors] = useState<FormErrors>({});
  const validate = useCallback(
    <S extends ZodMiniType>(schema: S, values: unknown, options?: ParseFormOptions) => {
      const parsed = parseForm(schema, values, options);
      setErrors(parsed.success ? {} : parsed.errors);
      return parsed;
    },
    [],
  );
  // With no errors to clear it keeps the same state, so typing re-renders nothing.
  const clear = useCallback(
    () => setErrors((current) => (Object.keys(current).length === 0 ? current : {})),
    [],
  );
  return { errors, setErrors, validate, clear };
}
