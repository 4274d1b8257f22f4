// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { apiQueryKey, createApiQueryClient } from '../engine/react/use-api-query';
import { ApiQueryProvider } from './api-query-provider';
import { sharedTranslator } from '../engine/react/translation';
import { clearStoredUser, setStoredUser } from './auth/user-store';

afterEach(() => {
  cleanup();
  clearStoredUser();
});

const ada = { id: 7, first_name: 'Ada', last_name: 'U', email: 'ada@example.org', token: 't' };

describe('ApiQueryProvider', () => {
  it('empties the cache when the user signs out or another signs in, and keeps it on sign-in', () => {
    const client = createApiQueryClient();
    client.setQueryData(apiQueryKey('services'), ['public']);
    render(
      <ApiQueryProvider client={client}>
        <p>page</p>
      </ApiQueryProvider>,
    );
    act(() => setStoredUser(ada));
    expect(client.getQueryData(apiQueryKey('services'))).toEqual(['public']);

    client.setQueryData(apiQueryKey('companies/7'), ['Green Ltd']);
    act(() => clearStoredUser('expired'));
    expect(client.getQueryData(apiQueryKey('companies/7'))).toBeUndefined();

    act(() => setStoredUser(ada));
    client.setQueryData(apiQueryKey('companies/7'), ['Green Ltd']);
    act(() => setStoredUser({ ...ada, id: 8 }));
    expect(client.getQueryData(apiQueryKey('companies/7'))).toBeUndefined();
  });

  it('reads the answers again when the interface language changes (reference data is labelled in it)', () => {
    const client = createApiQueryClient();
    client.setQueryData(apiQueryKey('plastic-types'), [{ id: 1, name: 'Plastic carry bags' }]);
    render(
      <ApiQueryProvider client={client}>
        <p>page</p>
      </ApiQueryProvider>,
    );
    expect(client.getQueryState(apiQueryKey('plastic-types'))?.isInvalidated).toBe(false);
    try {
      act(() => sharedTranslator.changeLanguage('de'));
      expect(client.getQueryState(apiQueryKey('plastic-types'))?.isInvalidated).toBe(true);
    } finally {
      act(() => sharedTranslator.changeLanguage('en'));
    }
  });
});
