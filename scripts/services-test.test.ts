import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { selectedServices } from '../tests/selected-services';
import { parseArguments, SERVICE_SUITES, serviceKeys, ServicesTestError, USAGE, vitestRun } from './services-test';

const KEYS = ['disposal', 'plastics'];

describe('services:test', () => {
  it('takes one service key, with --update to rewrite its snapshots', () => {
    expect(parseArguments(['plastics'], KEYS)).toEqual({ key: 'plastics', update: false });
    expect(parseArguments(['plastics', '--update'], KEYS)).toEqual({ key: 'plastics', update: true });
    expect(parseArguments(['-u', 'disposal'], KEYS)).toEqual({ key: 'disposal', update: true });
  });

  it('refuses no key, two keys or an unknown option with the usage, and an unknown key with the keys there are', () => {
    expect(() => parseArguments([], KEYS)).toThrow(new ServicesTestError(USAGE));
    expect(() => parseArguments(['--update'], KEYS)).toThrow(USAGE);
    expect(() => parseArguments(['plastics', 'disposal'], KEYS)).toThrow(USAGE);
    expect(() => parseArguments(['plastics', '--all'], KEYS)).toThrow(`Unknown option --all. ${USAGE}`);
    expect(() => parseArguments(['plastic'], KEYS)).toThrow(
      "No service 'plastic' under services/. The services are: disposal, plastics.",
    );
  });

  it('runs the conformance suite and the lifecycle walk for that service alone', () => {
    const plain = vitestRun({ key: 'plastics', update: false }, { PATH: '/bin', SERVICE_KEYS: 'disposal' });
    expect(plain.args).toEqual(['run', '--config', 'vitest.config.ts', ...SERVICE_SUITES]);
    expect(plain.env).toEqual({ PATH: '/bin', SERVICE_KEYS: 'plastics' });
    expect(vitestRun({ key: 'plastics', update: true }, {}).args.at(-1)).toBe('-u');
    // The suites honour the key: they enumerate that service only.
    expect(selectedServices([{ key: 'disposal' }, { key: 'plastics' }], plain.env)).toEqual([{ key: 'plastics' }]);
    expect(selectedServices([{ key: 'disposal' }], {})).toEqual([{ key: 'disposal' }]);
    expect(() => selectedServices([{ key: 'disposal' }], { SERVICE_KEYS: 'plastics' })).toThrow(
      "SERVICE_KEYS names 'plastics', which no service under test has",
    );
  });

  it("knows the repository's services by their folders", () => {
    expect(serviceKeys(resolve(__dirname, '../services'))).toEqual(expect.arrayContaining(['disposal', 'plastics']));
    expect(serviceKeys(resolve(__dirname, '../services'))).not.toContain('platform');
  });
});
