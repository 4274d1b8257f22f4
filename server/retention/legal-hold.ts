/**
 * The legal hold: staff keep an application from the retention job (a dispute, an investigation, a
 * court's order) until they lift it. Setting and lifting it need the approver role on the application's
 * service, or its admin (`mayHold`, engine/core/staff-policy.ts); each is an event of the application's
 * trail (`legal-hold`, with the reason), and the application keeps who set the hold, when and why.
 * `PUT staff/applications/{id}/legal-hold` and `npm run staff -- hold | release-hold` both come here.
 */
import { mayHold, STATUS, type StaffActor } from '../../engine/core';
import { definitionOfStored, lockApplication } from '../applications-store';
import type { AppContext } from '../context';
import { nowIso } from '../db/database';
import { HttpError, ValidationError } from '../http';
import { appendTrail } from '../trail/append';

/** The reason of a hold, at most this long. */
export const HOLD_REASON_MAX_LENGTH = 2000;

export const NO_SUCH_APPLICATION = 'No such application.';
export const HOLD_NEEDS_ROLE = 'Setting or lifting a legal hold needs the approver or admin role on this service.';
export const HOLD_NEEDS_REASON = 'Say why the application is held.';

/** A hold to set (with its reason) or lift (a reason may say why). */
export interface HoldChange {
  hold: boolean;
  reason?: string | null;
}

/** An application's hold as answered. */
export interface LegalHold {
  id: number;
  app_id: string;
  legal_hold: boolean;
  legal_hold_by: string | null;
  legal_hold_at: string | null;
  legal_hold_reason: string | null;
}

/**
 * Sets or lifts the legal hold of application `applicationId` as `staff` (recorded with what they act
 * through: their key, the command or a console session) under the application's lock, with its trail's event. A draft is no
 * application of the authority's (404), a staff member without the role on its service is refused
 * (403), a hold without a reason too (422). Setting a hold again replaces its reason.
 */
export async function changeLegalHold(
  ctx: Pick<AppContext, 'db' | 'dialect' | 'definitions' | 'archived'>,
  applicationId: number,
  staff: StaffActor,
  change: HoldChange,
): Promise<LegalHold> {
  const reason = change.reason?.trim() || null;
  if (change.hold && !reason) throw new ValidationError([{ field: 'reason', message: HOLD_NEEDS_REASON }]);
  return ctx.db.transaction().execute(async (trx) => {
    const locked = await lockApplication(trx, ctx.dialect, applicationId);
    const definition = locked ? definitionOfStored(ctx, locked) : undefined;
    if (!locked || !definition || locked.status_id === STATUS.draft) throw new HttpError(404, NO_SUCH_APPLICATION);
    if (!mayHold(staff.grants, definition.key)) throw new HttpError(403, HOLD_NEEDS_ROLE);
    const actor = `staff:${staff.name}`;
    const held = change.hold
      ? { legal_hold: 1, legal_hold_by: actor, legal_hold_at: nowIso(), legal_hold_reason: reason }
      : { legal_hold: 0, legal_hold_by: null, legal_hold_at: null, legal_hold_reason: null };
    await trx.updateTable('applications').set(held).where('id', '=', applicationId).execute();
    await appendTrail(trx, applicationId, {
      kind: 'legal-hold',
      actor,
      session: staff.session,
      data: { hold: change.hold, reason },
    });
    return { id: locked.id, app_id: locked.app_id, ...held, legal_hold: change.hold };
  });
}
