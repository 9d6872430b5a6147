import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { TextField } from "./TextField";

describe("TextField", () => {
  it("is labelled and reports typed text", async () => {
    const onChange = vi.fn();
    render(<TextField label="Email" onChange={onChange} />);
    await userEvent.type(screen.getByLabelText("Email"), "a@b.c");
    expect(onChange).toHaveBeenLastCalledWith("a@b.c");
  });

  it("shows an error message and marks the input invalid", () => {
    render(<TextField label="Email" isInvalid errorMessage="Invalid email address" />);
    expect(screen.getByText("Invalid email address")).toBeTruthy();
    expect(screen.getByLabelText("Email").getAttribute("aria-invalid")).toBe("true");
  });
});

describe("TextField, multiline", () => {
  it("is a labelled text area whose lines go with its form", async () => {
    const submitted: Record<string, FormDataEntryValue>[] = [];
    render(
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submitted.push(Object.fromEntries(new FormData(e.currentTarget)));
        }}
      >
        <TextField label="Message" name="message" multiline rows={4} />
        <button type="submit">Send</button>
      </form>,
    );
    const box = screen.getByRole("textbox", { name: "Message" });
    expect(box.tagName).toBe("TEXTAREA");
    await userEvent.type(box, "first line{enter}second line");
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(submitted).toEqual([{ message: "first line\nsecond line" }]);
  });
});
