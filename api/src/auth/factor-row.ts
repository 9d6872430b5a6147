import type { Factor } from "../../contracts/factors.ts";

/** A row of mfa_factors, as the factor services read it. */
export type FactorRow = {
  id: string;
  user_id: string;
  factor_type: Factor["factor_type"];
  friendly_name: string;
  status: Factor["status"];
  totp_secret: string | null;
  last_used_step: string | null;
  created_at: Date;
  updated_at: Date;
};

/** A code or passkey that does not verify: a 422 with this message, after the attempt was counted. */
export class VerifyFailure extends Error {}
