import type { Profile } from "@contracts/account.ts";
import type { Session, User } from "@contracts/auth.ts";

const now = () => Math.floor(Date.now() / 1000);

/** A signed-in customer as GET /api/auth/user and the session endpoints return it. */
export function testUser(overrides: Partial<User> = {}): User {
  return {
    id: "00000000-0000-4000-8000-000000000001",
    email: "customer@example.com",
    username: "customer",
    is_admin: false,
    created_at: "2025-01-01T00:00:00Z",
    ...overrides,
  };
}

/** A session as POST /api/auth/sign-in and /api/auth/refresh answer it (contract `Session`; the refresh token is a cookie). */
export function testSession(
  overrides: Partial<Omit<Session, "user">> & { user?: User } = {},
): Session {
  const { user, ...rest } = overrides;
  return {
    access_token: "test-access-token",
    token_type: "bearer",
    expires_in: 900,
    expires_at: now() + 900,
    refresh_expires_at: now() + 3600,
    remember: true,
    aal: "aal1",
    mfa_required: false,
    user: user ?? testUser(),
    ...rest,
  };
}

/** The test user's profile as GET /api/account/profile returns it (100.00 credits). */
export function testProfile(overrides: Partial<Profile> = {}): Profile {
  const { id, username, email, created_at } = testUser();
  return { id, username, email, credits: "100.00", created_at, ...overrides };
}
