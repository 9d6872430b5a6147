import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Skeleton } from "./Skeleton";

describe("Skeleton", () => {
  it("is hidden from assistive technology and sized by props", () => {
    const { container } = render(<Skeleton width={80} height={12} />);
    const el = container.querySelector("[data-skeleton]") as HTMLElement;
    expect(el.getAttribute("aria-hidden")).toBe("true");
    expect(el.style.width).toBe("80px");
  });
});
