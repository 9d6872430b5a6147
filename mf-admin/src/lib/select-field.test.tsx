import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { SelectField } from "./select-field";

const options = [
  { value: "vps", label: "VPS" },
  { value: "dedicated", label: "Dedicated" },
];

/** A controlled select inside a wrapper that re-renders on every input event (a form clearing its errors). */
function Controlled({ onChange }: { onChange: (v: string) => void }) {
  const [type, setType] = useState("vps");
  const [, setInputs] = useState(0);
  return (
    <div onInput={() => setInputs((n) => n + 1)}>
      <SelectField
        label="Type"
        name="type"
        value={type}
        onChange={(v) => {
          onChange(v);
          setType(v);
        }}
        options={options}
      />
    </div>
  );
}

describe("SelectField", () => {
  it("keeps a controlled choice when the input event re-renders it before change", async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Controlled onChange={onChange} />);
    const select = screen.getByLabelText("Type") as HTMLSelectElement;
    await user.selectOptions(select, "dedicated");
    expect(select.value).toBe("dedicated");
    await user.selectOptions(select, "vps");
    expect(select.value).toBe("vps");
    // Once per choice, although each choice fires both input and change.
    expect(onChange.mock.calls).toEqual([["dedicated"], ["vps"]]);
  });

  it("reports an uncontrolled choice once", async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(
      <SelectField
        label="Type"
        name="type"
        defaultValue="vps"
        onChange={onChange}
        options={options}
      />,
    );
    await user.selectOptions(screen.getByLabelText("Type"), "dedicated");
    expect((screen.getByLabelText("Type") as HTMLSelectElement).value).toBe("dedicated");
    expect(onChange.mock.calls).toEqual([["dedicated"]]);
  });
});
