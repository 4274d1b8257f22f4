import { describe, expect, it, vi } from 'vitest';
import { mergeCatalogues, Translator } from './translator';

const catalogues = {
  en: {
    nav: { dashboard: 'Dashboard', home: 'Home' },
    greeting: 'Hello {{name}}, welcome to {{ place }}',
    files_one: '{{count}} file',
    files_other: '{{count}} files',
    onlyEnglish: 'Only in English',
  },
  ru: {
    nav: { dashboard: 'Панель' },
    files_one: '{{count}} файл',
    files_few: '{{count}} файла',
    files_many: '{{count}} файлов',
    files_other: '{{count}} файла',
  },
};

describe('Translator', () => {
  it('reads dotted keys, fills placeholders and answers the key for a missing text or a group', () => {
    const { t } = new Translator({ fallbackLanguage: 'en', catalogues });
    expect(t('nav.dashboard')).toBe('Dashboard');
    expect(t('greeting', { name: 'Ada', place: 'EcoPermit' })).toBe('Hello Ada, welcome to EcoPermit');
    expect(t('greeting', { name: 'Ada' })).toBe('Hello Ada, welcome to ');
    expect(t('nav.missing')).toBe('nav.missing');
    expect(t('nav')).toBe('nav');
    expect(t('nav.dashboard.deeper')).toBe('nav.dashboard.deeper');
    expect(t('status.other', { defaultValue: 'Status {{n}}', n: 7 })).toBe('Status 7');
  });

  it("picks the plural form by the language's rules, in the language then in English", () => {
    const translator = new Translator({ fallbackLanguage: 'en', catalogues });
    expect([0, 1, 2].map((count) => translator.t('files', { count }))).toEqual(['0 files', '1 file', '2 files']);
    translator.changeLanguage('ru');
    expect([1, 3, 5, 21, 1.5].map((count) => translator.t('files', { count }))).toEqual([
      '1 файл',
      '3 файла',
      '5 файлов',
      '21 файл',
      '1.5 файла',
    ]);
    // A key Russian lacks falls back to English, plural forms included.
    expect(translator.t('onlyEnglish')).toBe('Only in English');
    expect(translator.t('nav.home')).toBe('Home');
  });

  it('changes language for its listeners, and resolves to English while a language has no catalogue', () => {
    const translator = new Translator({ fallbackLanguage: 'en', catalogues });
    const heard = vi.fn();
    const stop = translator.subscribe(heard);
    translator.changeLanguage('de');
    translator.changeLanguage('de');
    expect(heard.mock.calls).toEqual([['de']]);
    expect([translator.language, translator.resolvedLanguage]).toEqual(['de', 'en']);
    expect(translator.t('nav.dashboard')).toBe('Dashboard');
    translator.addCatalogue('de', { nav: { dashboard: 'Übersicht' } });
    expect([translator.resolvedLanguage, translator.t('nav.dashboard')]).toEqual(['de', 'Übersicht']);
    stop();
    translator.changeLanguage('en');
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('keeps a fixed t in its language, and merges added texts into a catalogue', () => {
    const translator = new Translator({ language: 'ru', fallbackLanguage: 'en', catalogues });
    const russian = translator.fixedT('ru');
    translator.changeLanguage('en');
    expect([russian('nav.dashboard'), translator.t('nav.dashboard')]).toEqual(['Панель', 'Dashboard']);
    translator.addCatalogue('en', { nav: { dashboard: 'Overview' } });
    expect([translator.t('nav.dashboard'), translator.t('nav.home')]).toEqual(['Overview', 'Home']);
  });
});

describe('mergeCatalogues', () => {
  it('merges nested groups, the later texts winning', () => {
    expect(mergeCatalogues({ a: { b: '1', c: '2' }, d: '3' }, { a: { c: 'x' }, e: 'y' })).toEqual({
      a: { b: '1', c: 'x' },
      d: '3',
      e: 'y',
    });
  });
});
