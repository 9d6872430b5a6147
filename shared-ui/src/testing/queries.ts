import { screen, within } from "@testing-library/react";

/**
 * The toast (SPEC §8) whose title is `title`, once it shows; query its description with
 * `within(toast)`. Its `data-variant` reads success, error, info or warning.
 */
export async function findToast(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: "[slot='title']" });
  const toast = heading.closest<HTMLElement>("[data-variant]");
  if (!toast) throw new Error(`findToast: "${title}" is not inside a toast`);
  return toast;
}

/**
 * The error message a form field shows, read the way assistive tech reads it: through the
 * input's aria-describedby. "" when the field shows none.
 */
export function fieldError(label: string): string {
  const input = screen.getByLabelText(label);
  const ids = (input.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean);
  return ids
    .map((id) => document.getElementById(id))
    .filter((el) => el?.getAttribute("slot") === "errorMessage")
    .map((el) => el?.textContent ?? "")
    .join(" ");
}

/** The cell texts of a table's body rows, top to bottom (`name`: the table's accessible name). */
export function tableRows(name?: string): string[][] {
  const table = name ? screen.getByRole("table", { name }) : screen.getByRole("table");
  return within(table)
    .getAllByRole("row")
    .filter((row) => row.querySelector("[role='rowheader'], [role='cell']"))
    .map((row) =>
      Array.from(
        row.querySelectorAll("[role='rowheader'], [role='cell']"),
        (cell) => cell.textContent ?? "",
      ),
    );
}
