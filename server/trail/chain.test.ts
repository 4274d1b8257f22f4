import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chainHash, sharedFieldsHasher, type TrailFields } from './chain';

// Any UTF-16 code unit: quotes, control characters and lone surrogates, which safe-stable-stringify escapes.
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit));
const text = fc.option(fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: codeUnit })), { nil: null });
const integer = fc.integer({ min: 0, max: 2 ** 31 - 1 });

describe('sharedFieldsHasher', () => {
  it("hashes a row as chainHash does, whatever the shared fields' texts", () => {
    fc.assert(
      fc.property(
        fc.record({
          created_at: fc.string(),
          actor: text,
          session: text,
          kind: fc.string(),
          transition: text,
          comment_to_applicant: text,
          internal: fc.constantFrom(0, 1),
          event: text,
          event_subject: text,
          data: text,
        }),
        fc.record({ application_id: integer, seq: integer, status_id: integer }),
        fc.option(fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 64, maxLength: 64 }), {
          nil: null,
        }),
        (shared, place, prevHash) => {
          const row: TrailFields = { ...shared, ...place };
          expect(sharedFieldsHasher(shared)(prevHash, place)).toBe(chainHash(prevHash, row));
        },
      ),
      { numRuns: 300 },
    );
  });
});
