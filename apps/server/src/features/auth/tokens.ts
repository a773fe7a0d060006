import { type TTokenPayload, zTokenPayload } from '@waypoint/shared';
import { jwtVerify, SignJWT } from 'jose';

export interface TokenService {
  sign(user: { id: string; username: string; admin: boolean }): Promise<string>;
  /** The payload of a valid, unexpired token, or null. */
  verify(token: string): Promise<TTokenPayload | null>;
}

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(user) {
      return new SignJWT({ id: user.id, username: user.username, admin: user.admin })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const parsed = zTokenPayload.safeParse(payload);
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
  };
}
