import { existsSync } from "node:fs";
import { join } from "node:path";
import * as jose from "jose";
import type { Config } from "../platform/config.ts";
import type { AccessClaims, TokenSigner } from "../platform/ports.ts";

const ALG = "ES256";

/** The signing key: JWT_PRIVATE_KEY (a JWK as JSON, or PKCS#8 PEM), else one generated once under DATA_DIR. */
export async function loadSigningKey(config: Config): Promise<jose.JWK> {
  if (config.JWT_PRIVATE_KEY) {
    const raw = config.JWT_PRIVATE_KEY.trim();
    if (raw.startsWith("{")) return JSON.parse(raw) as jose.JWK;
    const key = await jose.importPKCS8(raw, ALG, { extractable: true });
    return await jose.exportJWK(key);
  }
  const file = join(config.DATA_DIR, "jwt-signing-key.json");
  if (existsSync(file)) return JSON.parse(Deno.readTextFileSync(file)) as jose.JWK;
  const jwk = await generateSigningKey();
  Deno.mkdirSync(config.DATA_DIR, { recursive: true });
  Deno.writeTextFileSync(file, JSON.stringify(jwk), { mode: 0o600 });
  return jwk;
}

export async function generateSigningKey(): Promise<jose.JWK> {
  const { privateKey } = await jose.generateKeyPair(ALG, { extractable: true });
  return await jose.exportJWK(privateKey);
}

export async function createSigner(privateJwk: jose.JWK, config: Config): Promise<TokenSigner> {
  const { d: _d, ...publicJwk } = privateJwk;
  const kid = await jose.calculateJwkThumbprint(publicJwk);
  const privateKey = await jose.importJWK(privateJwk, ALG);
  const publicKey = await jose.importJWK(publicJwk, ALG);
  const ttl = config.ACCESS_TOKEN_TTL_SECONDS;
  // An ES256 verification costs ~0.45 ms of CPU here, more than the rest of a read request; a
  // token verified once is remembered (keyed by its exact text) until it expires.
  const verified = new Map<string, AccessClaims & { exp: number }>();
  return {
    async sign(claims) {
      const now = Math.floor(Date.now() / 1000);
      const expiresAt = now + ttl;
      const token = await new jose.SignJWT({ ...claims })
        .setProtectedHeader({ alg: ALG, kid, typ: "JWT" })
        .setIssuer(config.JWT_ISSUER)
        .setAudience(config.JWT_AUDIENCE)
        .setSubject(claims.sub)
        .setIssuedAt(now)
        .setExpirationTime(expiresAt)
        .sign(privateKey);
      return { token, expiresAt };
    },
    async verify(token) {
      const known = verified.get(token);
      if (known && known.exp > Date.now() / 1000) return known;
      // The allowlist refuses `alg: none`, HS256 with the public key as secret, and every other trick.
      const { payload } = await jose.jwtVerify(token, publicKey, {
        algorithms: [ALG],
        issuer: config.JWT_ISSUER,
        audience: config.JWT_AUDIENCE,
        requiredClaims: ["sub", "sid", "exp"],
      });
      if (verified.size >= 50_000) verified.clear();
      verified.set(token, payload as unknown as AccessClaims & { exp: number });
      return payload as unknown as AccessClaims;
    },
    jwks: () => ({ keys: [{ ...publicJwk, kid, alg: ALG, use: "sig" }] }),
  };
}

/** 128-bit random opaque refresh token, and the hash under which it is stored. */
export function newRefreshToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return jose.base64url.encode(bytes);
}

export async function hashToken(token: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token)));
}
