import { fieldErrors, toast } from "@hosting-portal/shared-ui";
import type { Dispatch, SetStateAction } from "react";
import type { output, ZodType } from "zod";

/**
 * Parses a submitted form with the same contract the API validates with. On failure it shows the
 * SPEC §8 'Validation Error' toast with the first message and returns the per-field errors.
 */
export function parseForm<S extends ZodType>(
  schema: S,
  values: unknown,
): { data: output<S>; errors?: undefined } | { data?: undefined; errors: Record<string, string> } {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data };
  toast.error("Validation Error", result.error.issues[0]?.message);
  return { errors: fieldErrors(result.error) };
}

export const formValues = (form: HTMLFormElement) => Object.fromEntries(new FormData(form));

/**
 * Clears a form's errors as the user edits (on every input event). With no errors to clear it
 * keeps the same state, so typing or choosing re-renders nothing.
 */
export const clearErrors = (setErrors: Dispatch<SetStateAction<Record<string, string>>>) =>
  setErrors((errors) => (Object.keys(errors).length === 0 ? errors : {}));
