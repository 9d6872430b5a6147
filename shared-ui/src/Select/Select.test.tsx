import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Select } from "./Select";

describe("Select", () => {
  it("is a labelled native select whose value goes with its form, with its description and error", async () => {
    const submitted: Record<string, FormDataEntryValue>[] = [];
    render(
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submitted.push(Object.fromEntries(new FormData(e.currentTarget)));
        }}
      >
        <Select
          label="Scope"
          name="scope"
          defaultValue="read_only"
          description="What it may do"
          errorMessage="Choose a scope"
        >
          <option value="read_only">Read only</option>
          <option value="full">Full</option>
        </Select>
        <button type="submit">Save</button>
      </form>,
    );
    const select = screen.getByRole("combobox", { name: "Scope" });
    const describedBy = (select.getAttribute("aria-describedby") ?? "").split(" ");
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toEqual([
      "What it may do",
      "Choose a scope",
    ]);
    expect(select.getAttribute("aria-invalid")).toBe("true");
    await userEvent.selectOptions(select, "full");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(submitted).toEqual([{ scope: "full" }]);
  });
});
