import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { Button } from "../Button/Button";
import { ConfirmDialog } from "./Dialog";

function Harness({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onPress={() => setOpen(true)}>Renew</Button>
      <ConfirmDialog
        title="Renew order?"
        isOpen={open}
        onOpenChange={setOpen}
        onConfirm={onConfirm}
      >
        30 more days.
      </ConfirmDialog>
    </>
  );
}

describe("ConfirmDialog", () => {
  it("opens, closes with Escape and returns focus to the trigger", async () => {
    const user = userEvent.setup();
    render(<Harness onConfirm={vi.fn()} />);
    const trigger = screen.getByRole("button", { name: "Renew" });
    await user.tab();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("alertdialog", { name: "Renew order?" })).toBeTruthy();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("alertdialog")).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });

  it("confirms from the keyboard", async () => {
    const onConfirm = vi.fn();
    const user = userEvent.setup();
    render(<Harness onConfirm={onConfirm} />);
    await user.click(screen.getByRole("button", { name: "Renew" }));
    // The confirm button takes focus first, so Enter confirms.
    await user.keyboard("{Enter}");
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});
