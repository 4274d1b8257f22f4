// @vitest-environment jsdom
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { lazyModule, lazyNamed } from './lazy-named';

afterEach(cleanup);

const greetingModule = () => ({ Greeting: ({ name }: { name: string }) => <p>Hello {name}</p>, other: 1 });

describe('lazyNamed', () => {
  it('loads the module on first render only and shows its named export with its props', async () => {
    const load = vi.fn(async () => greetingModule());
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

  it('renders at once, without its fallback, once preloaded', async () => {
    const load = vi.fn(async () => greetingModule());
    const Greeting = lazyNamed(load, 'Greeting');
    // Nothing to call: a test's beforeAll(preload) would call a component it resolved to as its teardown.
    expect(await Greeting.preload()).toBeUndefined();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Greeting name="Grace" />
      </Suspense>,
    );
    expect(screen.getByText('Hello Grace')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries the load again after a failure', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(greetingModule());
    const Greeting = lazyNamed(load as () => Promise<ReturnType<typeof greetingModule>>, 'Greeting');
    await expect(Greeting.preload()).rejects.toThrow('offline');
    await Greeting.preload();
    render(<Greeting name="Ada" />);
    expect(screen.getByText('Hello Ada')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('lazyModule', () => {
  it('loads once, answers the module when asked again, and reads it synchronously once loaded', async () => {
    const load = vi.fn(async () => ({ answer: 42 }));
    const module = lazyModule(load);
    expect(module.current()).toBeUndefined();
    const [first, second] = await Promise.all([module.preload(), module.preload()]);
    expect(first).toBe(second);
    expect(module.current()).toEqual({ answer: 42 });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed load, so the next one tries again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ answer: 1 });
    const module = lazyModule(load as () => Promise<{ answer: number }>);
    await expect(module.preload()).rejects.toThrow('offline');
    expect(module.current()).toBeUndefined();
    await expect(module.preload()).resolves.toEqual({ answer: 1 });
  });
});
