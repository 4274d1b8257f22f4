// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { Markdown } from './inline-markdown';

afterEach(cleanup);

describe('Markdown (the build’s stand-in for markdown-to-jsx)', () => {
  it('renders the bold and code marks of RJSF’s own texts', () => {
    const { container } = render(<Markdown>{'**report.pdf** (application/pdf, 12 bytes) in `field`'}</Markdown>);
    expect(container.innerHTML).toBe('<strong>report.pdf</strong> (application/pdf, 12 bytes) in <code>field</code>');
  });

  it('shows everything else as written, HTML included', () => {
    const { container } = render(<Markdown>{'<img src=x onerror=alert(1)> *one* star'}</Markdown>);
    expect(container.textContent).toBe('<img src=x onerror=alert(1)> *one* star');
    expect(container.querySelector('img')).toBeNull();
  });
});
