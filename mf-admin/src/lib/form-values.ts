import { fieldErrors, toast } from "@hosting-portal/shared-ui";
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

export const formatDate = (iso: string) =>
  new Intl.DateTimeFormat("en-US", {
    month: "short",
    day: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hour12: false,
  }).format(new Date(iso));
