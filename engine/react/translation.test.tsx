// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { Translator } from '../core/translator';
import { TranslatorProvider, useTranslation } from './translation';

afterEach(cleanup);

function Title() {
  const { t, i18n } = useTranslation();
  return (
    <h1 lang={i18n.language}>
      {t('title')} · {t('items', { count: 2 })}
    </h1>
  );
}

it('renders in the provided language and again when the language changes', () => {
  const translator = new Translator({
    fallbackLanguage: 'en',
    catalogues: {
      en: { title: 'Services', items_one: '{{count}} item', items_other: '{{count}} items' },
      de: { title: 'Dienste', items_one: '{{count}} Eintrag', items_other: '{{count}} Einträge' },
    },
  });
  render(
    <TranslatorProvider translator={translator}>
      <Title />
    </TranslatorProvider>,
  );
  expect(screen.getByRole('heading').textContent).toBe('Services · 2 items');
  act(() => translator.changeLanguage('de'));
  expect(screen.getByRole('heading').textContent).toBe('Dienste · 2 Einträge');
  expect(screen.getByRole('heading').getAttribute('lang')).toBe('de');
});
