// @vitest-environment jsdom
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { lazyNamed } from './lazy-named';

afterEach(cleanup);

describe('lazyNamed', () => {
  it('loads the module on first render only and shows its named export with its props', async () => {
    const load = vi.fn(async () => ({ Greeting: ({ name }: { name: string }) => <p>Hello {name}</p>, other: 1 }));
    const Greeting = lazyNamed(load, 'Greeting');
    expect(load).not.toHaveBeenCalled();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Greeting name="Ada" />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('Hello Ada')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
