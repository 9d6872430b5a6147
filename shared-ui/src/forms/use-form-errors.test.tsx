import { SignInBody } from "@contracts/auth.ts";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { Button } from "../Button/Button";
import { Form } from "../Form/Form";
import { localeStore } from "../i18n/locale-store";
import { TextField } from "../TextField/TextField";
import { toast, toastQueue } from "../Toast/toast-queue";
import { formValues, parseForm, useFormErrors } from "./use-form-errors";

const SignIn = z.object({
  email: z.email("Invalid email address"),
  password: z
    .string()
    .min(6, "Password must be at least 6 characters")
    .regex(/\d/, "needs a digit"),
});

const toasts = () => toastQueue.visibleToasts.map((t) => t.content);

afterEach(() => act(() => toast.clear()));

describe("parseForm", () => {
  it("returns the parsed values and shows nothing when the contract accepts them", () => {
    const parsed = parseForm(SignIn, { email: "a@example.com", password: "secret1", extra: "x" });
    expect(parsed).toEqual({
      success: true,
      data: { email: "a@example.com", password: "secret1" },
    });
    expect(toasts()).toEqual([]);
  });

  it("shows the 'Validation Error' toast with the first message and returns the first message per field", () => {
    const parsed = parseForm(SignIn, { email: "nope", password: "abc" });
    expect(parsed).toEqual({
      success: false,
      errors: {
        email: "Invalid email address",
        password: "Password must be at least 6 characters",
      },
    });
    expect(toasts()).toEqual([
      { title: "Validation Error", description: "Invalid email address", variant: "error" },
    ]);
  });

  it("places the error of a one-value schema on the named field, under its own title", () => {
    const Amount = z.string().regex(/^\d+$/, "Amount must be between 5 and 300 EUR");
    const parsed = parseForm(Amount, "abc", { title: "Invalid Amount", field: "amount" });
    expect(parsed).toEqual({
      success: false,
      errors: { amount: "Amount must be between 5 and 300 EUR" },
    });
    expect(toasts()).toEqual([
      {
        title: "Invalid Amount",
        description: "Amount must be between 5 and 300 EUR",
        variant: "error",
      },
    ]);
  });
});

describe("parseForm in another language", () => {
  afterEach(() => localeStore.set("en", { remember: false }));

  it("words zod's own messages (no contract's) as the API's answer in that language does", async () => {
    // The contract gives the password's maximum no message of its own: zod's is shown.
    const tooLong = { email: "a@example.com", password: "x".repeat(129), remember: false };
    expect(parseForm(SignInBody, tooLong)).toEqual({
      success: false,
      errors: { password: "Too big: expected string to have <=128 characters" },
    });
    await act(() => localeStore.set("de", { remember: false }));
    // The API's 422 for the same body with Accept-Language: de (api/src/platform/openapi.ts).
    expect(parseForm(SignInBody, tooLong)).toEqual({
      success: false,
      errors: { password: "Zu groß: erwartet, dass string <=128 Zeichen hat" },
    });
    // A contract's own message still wins, through its id.
    expect(parseForm(SignInBody, { ...tooLong, password: "abc" })).toEqual({
      success: false,
      errors: { password: "Das Passwort muss mindestens 6 Zeichen lang sein" },
    });
  });
});

function SignInForm({ onValid }: { onValid: (values: z.output<typeof SignIn>) => void }) {
  const form = useFormErrors();
  return (
    <Form
      validationErrors={form.errors}
      validationBehavior="aria"
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = form.validate(SignIn, formValues(e.currentTarget));
        if (parsed.success) onValid(parsed.data);
      }}
    >
      <div onInput={form.clear}>
        <TextField label="Email" name="email" />
        <TextField label="Password" name="password" type="password" />
      </div>
      <Button type="submit">Sign In</Button>
    </Form>
  );
}

describe("useFormErrors", () => {
  it("shows the field errors under the fields, clears them on typing, and hands over valid values", async () => {
    const user = userEvent.setup();
    const submitted: unknown[] = [];
    render(<SignInForm onValid={(v) => submitted.push(v)} />);

    await user.type(screen.getByLabelText("Email"), "nope");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    expect(screen.getByText("Invalid email address")).toBeTruthy();
    expect(screen.getByText("Password must be at least 6 characters")).toBeTruthy();
    expect(screen.getByLabelText("Email").getAttribute("aria-invalid")).toBe("true");
    expect(toasts().map((t) => t.title)).toEqual(["Validation Error"]);
    expect(submitted).toEqual([]);

    await user.clear(screen.getByLabelText("Email"));
    expect(screen.queryByText("Invalid email address")).toBeNull();
    expect(screen.queryByText("Password must be at least 6 characters")).toBeNull();

    await user.type(screen.getByLabelText("Email"), "a@example.com");
    await user.type(screen.getByLabelText("Password"), "secret1");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    expect(submitted).toEqual([{ email: "a@example.com", password: "secret1" }]);
    expect(screen.getByLabelText("Email").getAttribute("aria-invalid")).toBeNull();
  });
});
