import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { servicesCheck } from './services-check';

const servicesDir = resolve(__dirname, '../services');

describe('services-check', () => {
  it('passes on the real services with a one-line summary', () => {
    const result = servicesCheck(servicesDir);
    expect(result.ok).toBe(true);
    expect(result.lines).toHaveLength(1);
    expect(result.lines[0]).toMatch(/^services:check OK: \d+ service\(s\): .*plastics \(1\)/);
  });

  it('names the file and JSON pointer of each problem', () => {
    const dir = mkdtempSync(join(tmpdir(), 'services-check-'));
    cpSync(servicesDir, dir, { recursive: true });
    const uiPath = join(dir, 'plastics', 'ui.json');
    const ui = JSON.parse(readFileSync(uiPath, 'utf8')) as Record<string, Record<string, unknown>>;
    ui.plastic_type_id = { ...ui.plastic_type_id, 'ui:widget': 'fancy-select' };
    ui.not_a_field = { 'ui:widget': 'text' };
    writeFileSync(uiPath, JSON.stringify(ui));
    const servicePath = join(dir, 'plastics', 'service.json');
    const service = JSON.parse(readFileSync(servicePath, 'utf8')) as Record<string, unknown>;
    (service.routes as Record<string, unknown>).view = 'view application';
    writeFileSync(servicePath, JSON.stringify(service));

    const result = servicesCheck(dir);
    expect(result.ok).toBe(false);
    expect(result.lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^services\/plastics\/service\.json#\/routes\/view: must match pattern/),
      ]),
    );

    // Fix the meta-schema problem to reach the ui.json checks.
    (service.routes as Record<string, unknown>).view = '/view-application';
    writeFileSync(servicePath, JSON.stringify(service));
    const second = servicesCheck(dir);
    expect(second.lines).toEqual([
      "services/plastics/ui.json#/not_a_field: 'not_a_field' is not a property of schema.json",
      "services/plastics/ui.json#/plastic_type_id/ui:widget: unknown widget 'fancy-select'",
      // No longer picked from a lookup, the id is a number like any other: it needs its maximum.
      'services/plastics/schema.json#/properties/plastic_type_id: a number needs a maximum (the largest quantity or count that is plausible)',
    ]);
  });

  it('refuses an e-mail naming a value it is not written with, by file and pointer, with the fix', () => {
    const dir = mkdtempSync(join(tmpdir(), 'services-check-'));
    cpSync(servicesDir, dir, { recursive: true });
    const servicePath = join(dir, 'environmental-audit', 'service.json');
    const service = JSON.parse(readFileSync(servicePath, 'utf8')) as {
      lifecycle: { statuses: Array<{ email?: { subject: string } }>; transitions: Array<Record<string, unknown>> };
    };
    const index = service.lifecycle.statuses.findIndex((status) => status.email);
    const email = service.lifecycle.statuses[index]?.email;
    if (email) email.subject = `${email.subject} ({firm})`;
    // A row that stays silent is fine.
    const row = service.lifecycle.transitions[0];
    if (row) row.email = false;
    writeFileSync(servicePath, JSON.stringify(service));
    expect(servicesCheck(dir).lines).toEqual([
      `services/environmental-audit/service.json#/lifecycle/statuses/${index}/email/subject: an e-mail is written with {app_id}, {service}, {name}, {comment} only, not '{firm}': use one of them or write the text out`,
    ]);
  });

  it('refuses a status no transition from submitted reaches, by file and pointer, with the fix', () => {
    const dir = mkdtempSync(join(tmpdir(), 'services-check-'));
    cpSync(servicesDir, dir, { recursive: true });
    const servicePath = join(dir, 'environmental-audit', 'service.json');
    const service = JSON.parse(readFileSync(servicePath, 'utf8')) as {
      lifecycle: { statuses: Array<Record<string, unknown>>; transitions: Array<Record<string, unknown>> };
    };
    // A second stage left without the row that leads to it: only its way out is written.
    const index = service.lifecycle.statuses.length;
    service.lifecycle.statuses.push({
      key: 'site-review',
      id: 19,
      label: 'Site Review',
      colour: 'info',
      next: 'Wait.',
    });
    service.lifecycle.transitions.push({
      name: 'end-site-review',
      from: ['site-review'],
      to: 'under-review',
      by: 'staff',
      via: 'move',
    });
    writeFileSync(servicePath, JSON.stringify(service));
    const result = servicesCheck(dir);
    expect(result.ok).toBe(false);
    expect(result.lines).toEqual([
      `services/environmental-audit/service.json#/lifecycle/statuses/${index}: status 'site-review' is reached by no transition from 'submitted': add a row of lifecycle.transitions to it from a status that is reached, or remove it`,
    ]);
    // Chained after a status that is reached (the terms of reference approved), it passes.
    service.lifecycle.transitions.push({
      name: 'start-site-review',
      from: ['tor-approved'],
      to: 'site-review',
      by: 'staff',
      via: 'move',
    });
    writeFileSync(servicePath, JSON.stringify(service));
    expect(servicesCheck(dir).lines).toEqual([expect.stringMatching(/^services:check OK/)]);
  });

  it('reports a JSON parse error by file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'services-check-'));
    cpSync(servicesDir, dir, { recursive: true });
    writeFileSync(join(dir, 'plastics', 'schema.json'), '{ nope');
    const result = servicesCheck(dir);
    expect(result.ok).toBe(false);
    expect(result.lines[0]).toMatch(/^services\/plastics\/schema\.json#: not valid JSON/);
  });
});
