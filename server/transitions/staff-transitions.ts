/**
 * The staff transitions the loaded definitions declare, collected: one entry per distinct name of a
 * staff row (`by: "staff"`, `via` "move" or "action") of every current and kept definition's table,
 * with what its rows take. The staff API registers a route per entry (routes/staff.ts), the staff
 * command lists them as its subcommands (staff-cli.ts): both are drawn from the tables, as the submit
 * routes are drawn from the calls (submissions/submit-routes.ts).
 */
import {
  statusKey,
  transitionsOf,
  type LifecycleActionText,
  type ServiceDefinition,
  type Transition,
} from '../../engine/core';
import type { Services } from '../applications-store';

/** What one staff transition name stands for across the services that have it. */
export interface StaffTransition {
  name: string;
  /** The first row's description (else where it leads), for the route's summary and the command's help. */
  description: string;
  /** The texts its rows take (`text`), each required when every row of the name takes it. */
  texts: Array<LifecycleActionText & { required: boolean }>;
  /** Whether a row of the name files a document (a PDF, multipart in `file`). */
  files: boolean;
  /** The services (`key`) whose tables have it, for the route's description. */
  services: string[];
}

/** The staff rows a definition's table has that staff take by name: its moves and actions. */
function staffRows(definition: ServiceDefinition): Transition[] {
  return transitionsOf(definition).filter((row) => row.by === 'staff' && (row.via === 'move' || row.via === 'action'));
}

/**
 * Every staff transition name of the definitions, current ones first then the kept versions (an
 * application submitted under one is judged by it, and may be taken through a name the current
 * definitions dropped), in table order.
 */
export function collectStaffTransitions(services: Services): StaffTransition[] {
  const byName = new Map<string, { rows: Transition[]; definitions: ServiceDefinition[] }>();
  for (const definition of [...services.definitions, ...services.archived]) {
    for (const row of staffRows(definition)) {
      const entry = byName.get(row.name) ?? { rows: [], definitions: [] };
      entry.rows.push(row);
      if (!entry.definitions.includes(definition)) entry.definitions.push(definition);
      byName.set(row.name, entry);
    }
  }
  return [...byName.entries()].map(([name, { rows, definitions }]) => {
    const first = rows[0] as Transition;
    const described = rows.find((row) => row.description)?.description;
    const texts = new Map<string, LifecycleActionText & { required: boolean }>();
    for (const row of rows)
      if (row.text && !texts.has(row.text.name))
        texts.set(row.text.name, {
          ...row.text,
          required: rows.every((other) => other.text?.name === row.text?.name),
        });
    return {
      name,
      description: described ?? `moves the application to ${statusKey(definitions[0], first.to)}`,
      texts: [...texts.values()],
      files: rows.some((row) => row.document),
      services: [...new Set(definitions.map((definition) => definition.key))],
    };
  });
}

/** What a transition takes, in the staff command's words: `--file <pdf>, --conditions <html>, --comment`. */
export function commandTakes(transition: StaffTransition): string {
  return [
    ...(transition.files ? ['--file <pdf>'] : []),
    ...transition.texts.map((text) => `--${text.name} <html>`),
    '--comment',
  ].join(', ');
}
