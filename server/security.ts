/**
 * Secrets handling: scrypt password hashes, random tokens stored as SHA-256, one-time codes.
 */
import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import pLimit from 'p-limit';

const KEY_LENGTH = 64;
const SCRYPT: ScryptOptions = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

function scryptAsync(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, SCRYPT, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** Hash as `scrypt$N$r$p$salt$key` (base64url), so parameters can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Constant-time check of a password against a stored hash. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = (stored ?? '').split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') {
    // Still spend the time of a hash so a missing account is not faster than a wrong password.
    await scryptAsync(password, randomBytes(16));
    return false;
  }
  const [, n, r, p, salt, key] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(key, 'base64url');
  const actual = await new Promise<Buffer>((resolve, reject) =>
    scrypt(
      password.normalize('NFKC'),
      Buffer.from(salt, 'base64url'),
      expected.length,
      { N: Number(n), r: Number(r), p: Number(p), maxmem: 64 * 1024 * 1024 },
      (err, derived) => (err ? reject(err) : resolve(derived)),
    ),
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Password hashing with at most `concurrency` hashes at a time. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string | null): Promise<boolean>;
  /** Hashes running and waiting now (for tests and monitoring). */
  load(): { active: number; pending: number };
}

/**
 * A hasher that runs at most `concurrency` scrypt computations at once. scrypt runs on libuv's
 * thread pool (4 threads), which file reads and writes share: a flood of sign-ins would otherwise
 * take every thread and stall uploads and downloads of everyone else. Extra hashes wait their turn.
 */
export function createPasswordHasher(concurrency: number): PasswordHasher {
  const limit = pLimit(concurrency);
  return {
    hash: (password) => limit(() => hashPassword(password)),
    verify: (password, stored) => limit(() => verifyPassword(password, stored)),
    load: () => ({ active: limit.activeCount, pending: limit.pendingCount }),
  };
}

/** SHA-256 hex of a secret: what is stored for tokens and codes. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A new bearer token: 32 random bytes, base64url. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** An unguessable id for a certificate's public address (128 random bits). */
export function newCertificateToken(): string {
  return randomBytes(16).toString('base64url');
}

/** A six-digit one-time code from the crypto random source. */
export function newOtp(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
