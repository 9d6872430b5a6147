import assert from "node:assert/strict";
import type { CreatedApiToken } from "../../contracts/api-tokens.ts";
import type { Session } from "../../contracts/auth.ts";
import { json, signUpAndIn, startTestApi } from "../platform/testing.ts";
import { type ApiProcess, startApiProcess } from "../platform/testing-process.ts";

/**
 * A second API instance (its own process, its own session cache) on the same database: a member
 * removed or demoted, or a token revoked, through the first is refused by the second within a
 * second (the membership change notifies every instance; tokens are read on every request).
 */
Deno.test({
  name: "members: a removed or demoted member and a revoked token are refused on another API instance within a second",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const api = await startTestApi();
    let other: ApiProcess | undefined;
    try {
      other = await startApiProcess({
        DATABASE_URL: api.databaseUrl,
        SEED_DEMO: "false",
        MFA_ENCRYPTION_KEY: btoa(
          String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))),
        ),
      });
      const owner = await signUpAndIn(api);
      const member = await signUpAndIn(api);
      await api.sql`insert into account_members (account_id, user_id, role)
        values (${owner.user.id}, ${member.user.id}, 'billing')`;
      const onOther = (path: string, token: string, init: RequestInit = {}) =>
        fetch(`${other!.url}${path}`, {
          ...init,
          headers: {
            authorization: `Bearer ${token}`,
            "content-type": "application/json",
            ...init.headers,
          },
        });
      const signIn = await fetch(`${other.url}/api/auth/sign-in`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: member.user.email, password: member.password }),
      });
      const session = await json<Session>(signIn);
      const switched = await onOther("/api/account/accounts/switch", session.access_token, {
        method: "POST",
        body: JSON.stringify({ account_id: owner.user.id }),
      });
      assert.equal(switched.status, 204);
      const status = async (path: string, token: string, init?: RequestInit) => {
        const res = await onOther(path, token, init);
        await res.body?.cancel();
        return res.status;
      };
      // Cached on the other instance now, as the billing member.
      assert.equal(await status("/api/services", session.access_token), 200);
      assert.equal(await status("/api/account/billing-details", session.access_token), 200);

      /** Milliseconds until `path` answers `expected` on the other instance (fails past 1 s). */
      const refusedWithin = async (
        path: string,
        token: string,
        expected: number,
        init?: RequestInit,
      ) => {
        const started = performance.now();
        while (performance.now() - started < 1000) {
          if ((await status(path, token, init)) === expected) return performance.now() - started;
          await new Promise((r) => setTimeout(r, 20));
        }
        assert.fail(`${path} still not ${expected} on the other instance after 1 s`);
      };

      // Demoted to read-only through this instance: the other refuses its changes.
      const demoted = await api.fetch(`/api/account/members/${member.user.id}`, {
        method: "PATCH",
        token: owner.access_token,
        json: { role: "read_only" },
      });
      assert.equal(demoted.status, 200);
      await demoted.body?.cancel();
      const demotedMs = await refusedWithin(
        "/api/account/billing-details",
        session.access_token,
        403,
        {
          method: "PUT",
          body: JSON.stringify({}),
        },
      );

      // Removed: the other instance refuses the account's data at once.
      const removed = await api.fetch(`/api/account/members/${member.user.id}`, {
        method: "DELETE",
        token: owner.access_token,
      });
      assert.equal(removed.status, 204);
      const removedMs = await refusedWithin("/api/services", session.access_token, 403);

      // A revoked token.
      const made = await api.fetch("/api/account/api-tokens", {
        method: "POST",
        token: owner.access_token,
        json: { name: "ci", scope: "read_only" },
      });
      const token = (await json<CreatedApiToken>(made)).token;
      assert.equal(await status("/api/services", token), 200);
      const revoked = await api.fetch(
        `/api/account/api-tokens/${(await json<{ tokens: { id: string }[] }>(await api.fetch("/api/account/api-tokens", { token: owner.access_token }))).tokens[0]!.id}`,
        { method: "DELETE", token: owner.access_token },
      );
      assert.equal(revoked.status, 204);
      const revokedMs = await refusedWithin("/api/services", token, 401);
      console.log(
        `refused on the other instance after: demotion ${demotedMs.toFixed(0)} ms, removal ${removedMs.toFixed(0)} ms, revoked token ${revokedMs.toFixed(0)} ms`,
      );
    } finally {
      await other?.stop();
      await api.close();
    }
  },
});
