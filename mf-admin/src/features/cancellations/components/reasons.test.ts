import { CANCEL_REASONS } from "@contracts/plan-changes.ts";
import { expect, it } from "vitest";
import en from "../../../messages/en.json";

it("words each cancellation reason, in English as the contract records it", () => {
  expect(
    CANCEL_REASONS.map((_, i) => en[`cancellations.reason.${i as 0 | 1 | 2 | 3 | 4 | 5}`]),
  ).toEqual([...CANCEL_REASONS]);
});
