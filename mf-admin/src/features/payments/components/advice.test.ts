import { attentionAdvice, attentionFallback } from "@contracts/payments-attention.ts";
import { describe, expect, it } from "vitest";
import en from "../../../messages/en.json";
import { ADVISED_KINDS } from "./advice";

describe("the payments page's advice", () => {
  it("words every kind the contract advises on, in English as the contract does", () => {
    expect([...ADVISED_KINDS].sort()).toEqual(Object.keys(attentionAdvice).sort());
    for (const kind of ADVISED_KINDS) {
      expect(en[`payments.kind.${kind}.title`]).toBe(attentionAdvice[kind]!.title);
      expect(en[`payments.kind.${kind}.todo`]).toBe(attentionAdvice[kind]!.todo);
    }
    expect(en["payments.kind.other.title"]).toBe(attentionFallback.title);
    expect(en["payments.kind.other.todo"]).toBe(attentionFallback.todo);
  });
});
