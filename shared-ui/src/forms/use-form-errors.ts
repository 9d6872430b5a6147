import { useCallback, useState } from "react";
import type { output, ZodMiniType } from "zod/mini";
import { fieldErrors } from "../Form/Form";
import { toast } from "../Toast/toast-queue";

/** The SPEC §8 toast title of a form the contract refuses. */
const VALIDATION_ERROR = "Validation Error";

export type FormErrors = Record<string, string>;

export interface ParseFormOptions {
  /** The toast's title (default 'Validation Error'; the top-up amount says 'Invalid Amount'). */
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
  { title = VALIDATION_ERROR, field }: ParseFormOptions = {},
): ParsedForm<output<S>> {
  const result = schema.safeParse(values);
  if (result.success) return { success: true, data: result.data };
  const errors = fieldErrors(result.error);
  const unplaced = result.error.issues.find((issue) => issue.path.length === 0);
  if (field && unplaced && !(field in errors)) errors[field] = unplaced.message;
  toast.error(title, result.error.issues[0]?.message);
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
