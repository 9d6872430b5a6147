import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { TextField } from "../TextField/TextField";
import { Form, fieldErrors } from "./Form";

describe("Form", () => {
  it("shows validationErrors under the named fields", () => {
    render(
      <Form validationErrors={{ email: "Invalid email address" }}>
        <TextField label="Email" name="email" />
      </Form>,
    );
    expect(screen.getByText("Invalid email address")).toBeTruthy();
  });

  it("fieldErrors keeps the first message per field", () => {
    const schema = z.object({
      password: z.string().min(6, "too short").regex(/\d/, "needs a digit"),
    });
    const result = schema.safeParse({ password: "abc" });
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrors(result.error)).toEqual({ password: "too short" });
  });
});
